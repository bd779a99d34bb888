import EntryRouter

/// Builds the `push`, `open` and `retract` request lines of the sender subcommands from their command
/// lines. Pure: the clock, reading the file and talking to the daemon happen in the command.
public enum SenderRequest {
    /// A `push` request without its payload: the flags, checked before any file is read. `now` is
    /// the wall clock in epoch seconds, for `--expires-in`.
    public static func push(_ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> JSONValue {
        var request: [String: JSONValue] = ["op": .string("push"), "req": .number(1)]
        if let id = parsed.value("id") { request["id"] = .string(id) }
        if let collapseId = parsed.value("collapse-id") { request["collapseId"] = .string(collapseId) }
        if let expiration = try expiration(parsed, now: now) { request["expiration"] = expiration }
        return .object(request)
    }

    /// The payload of an `.apns` file, the format `xcrun simctl push` takes: one JSON object, the
    /// APNs payload, with an optional top-level `"Simulator Target Bundle"`, read past a UTF-8
    /// byte-order mark. `bundle` is simctl's BUNDLE argument: it must equal the file's key when
    /// there is one, else it becomes the key. The daemon checks the key against its config
    /// (`wrong_bundle`).
    public static func payload(apns bytes: [UInt8], file: String, bundle: String? = nil) throws(SenderRequestError) -> JSONValue {
        let payload: JSONValue
        do {
            payload = try JSONValue.parse(ByteOrderMark.stripped(bytes))
        } catch {
            throw .badFile(file: file, reason: "not JSON: \(error)")
        }
        guard case .object(var members) = payload else {
            throw .badFile(file: file, reason: "the payload must be a JSON object (an APNs payload with \"aps\" and custom keys)")
        }
        guard let bundle else { return payload }
        let key = RoutingTable.simulatorBundleKey
        switch members[key] {
        case nil:
            members[key] = .string(bundle)
        case .string(bundle)?:
            break
        case let other?:
            let named = other.stringValue.map { "\"\($0)\"" } ?? "not a string"
            throw .badFile(file: file, reason: "its \"\(key)\" is \(named), but the command line names \"\(bundle)\"")
        }
        return .object(members)
    }

    /// An `open` request for `url`, with `--source`, `--id` and `--expiration` or `--expires-in`.
    public static func open(url: String, _ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> JSONValue {
        guard !url.isEmpty else { throw .usage("the URL is empty") }
        var request: [String: JSONValue] = ["op": .string("open"), "req": .number(1), "url": .string(url)]
        if let source = parsed.value("source") {
            guard EntrySource(rawValue: source) != nil, source != EntrySource.push.rawValue, source != EntrySource.launch.rawValue else {
                let allowed = EntrySource.allCases.filter { $0 != .push && $0 != .launch }.map(\.rawValue)
                throw .usage("--source must be one of \(allowed.joined(separator: ", ")); got '\(source)'")
            }
            request["source"] = .string(source)
        }
        if let id = parsed.value("id") { request["id"] = .string(id) }
        if let expiration = try expiration(parsed, now: now) { request["expiration"] = expiration }
        return .object(request)
    }

    /// A `retract` request: exactly one of `--id`, `--kind` and `--collapse-id`, none of them empty.
    public static func retract(_ parsed: ParsedArguments) throws(SenderRequestError) -> JSONValue {
        let given = [("id", "id"), ("kind", "kind"), ("collapse-id", "collapseId")].filter { parsed.has($0.0) }
        guard given.count == 1, let (flag, field) = given.first else {
            throw .usage("give exactly one of --id, --kind and --collapse-id"
                         + (given.isEmpty ? "" : "; got " + given.map { "--" + $0.0 }.joined(separator: " and ")))
        }
        guard let value = parsed.value(flag), !value.isEmpty else { throw .usage("--\(flag) is empty") }
        return .object(["op": .string("retract"), "req": .number(1), field: .string(value)])
    }

    /// `--expiration EPOCH` (whole epoch seconds, `0` meaning "only if a scene can take it now") or
    /// `--expires-in DURATION` (from `now`), not both.
    private static func expiration(_ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> JSONValue? {
        if let text = parsed.value("expires-in") {
            guard !parsed.has("expiration") else { throw .usage("give --expiration or --expires-in, not both") }
            guard let seconds = RelativeDuration.seconds(text) else {
                throw .usage("--expires-in takes a whole number and a unit: 30s, 10m, 2h or 1d; got '\(text)'")
            }
            return .number(Double(now + seconds))
        }
        guard let text = parsed.value("expiration") else { return nil }
        guard let seconds = Int64(text), seconds >= 0 else {
            throw .usage("--expiration must be whole epoch seconds (0 = only if a scene can take it now); got '\(text)'")
        }
        return .number(Double(seconds))
    }
}

/// Why a sender's request could not be built: a bad flag (exit 64) or a bad file (exit 65).
public enum SenderRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    case usage(String)
    case badFile(file: String, reason: String)

    public var description: String {
        switch self {
        case .usage(let message): message
        case .badFile(let file, let reason): "\(file): \(reason)"
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .badFile: 65
        }
    }
}
