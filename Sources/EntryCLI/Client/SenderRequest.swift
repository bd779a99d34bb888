import EntryClient
import EntryRouter

/// Builds the `push`, `open` and `retract` requests of the sender subcommands from their command
/// lines, as the client library's typed requests. Pure: the clock, reading the file and talking to
/// the daemon happen in the command.
package enum SenderRequest {
    /// A `push` request's flags, checked before any file is read; the payload comes after.
    package struct PushFlags: Sendable, Hashable {
        package var id: String?
        package var collapseId: String?
        package var expiration: Int64?

        /// The request with its payload, an object (`payload(apns:file:bundle:)` makes sure it is).
        package func request(payload: JSONValue) -> EntryRequest {
            .push(APNsPayload(value: payload) ?? APNsPayload([:]), id: id, collapseId: collapseId, expiration: expiration)
        }

        /// The request with what a push file holds (`pushMember`): an APNs payload or an FCM message.
        package func request(_ member: (key: String, value: JSONValue)) -> EntryRequest {
            member.key == "fcm" ? .fcm(member.value, id: id, collapseId: collapseId, expiration: expiration) : request(payload: member.value)
        }
    }

    /// A `push` request's flags. `now` is the wall clock in epoch seconds, for `--expires-in`.
    package static func push(_ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> PushFlags {
        PushFlags(id: parsed.value("id"), collapseId: parsed.value("collapse-id"), expiration: try expiration(parsed, now: now))
    }

    /// The payload of an `.apns` file, the format `xcrun simctl push` takes: one JSON object, the
    /// APNs payload, with an optional top-level `"Simulator Target Bundle"`, read past a UTF-8
    /// byte-order mark. `bundle` is simctl's BUNDLE argument: it must equal the file's key when
    /// there is one, else it becomes the key. The daemon checks the key against its config
    /// (`wrong_bundle`).
    package static func payload(apns bytes: [UInt8], file: String, bundle: String? = nil) throws(SenderRequestError) -> JSONValue {
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

    /// What a push file holds: an APNs payload, or an FCM message (`--fcm`, or a file whose top
    /// level is `{"message": {...}}`, as a sender posts it to FCM's HTTP v1 API), which goes as
    /// the request's `fcm` member.
    package static func pushMember(_ bytes: [UInt8], file: String, fcm: Bool, bundle: String? = nil) throws(SenderRequestError) -> (key: String, value: JSONValue) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(ByteOrderMark.stripped(bytes))
        } catch {
            throw .badFile(file: file, reason: "not JSON: \(error)")
        }
        guard fcm || isFCM(value) else { return ("payload", try payload(apns: bytes, file: file, bundle: bundle)) }
        guard case .object = value else { throw .badFile(file: file, reason: "an FCM message must be a JSON object") }
        return ("fcm", value)
    }

    /// Whether `value` is an FCM request body rather than an APNs payload: it has no `aps`, and it
    /// has a `message` object (HTTP v1, perhaps with `validate_only`), or `to` or `registration_ids`
    /// (the legacy API, which the daemon refuses showing the v1 shape, where read as an APNs payload
    /// it would match no route for reasons the sender could not see).
    package static func isFCM(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value, members["aps"] == nil else { return false }
        if case .object? = members["message"] { return true }
        return members["to"] != nil || members["registration_ids"] != nil
    }

    /// An `open` request for `url`, with `--source`, `--id` and `--expiration` or `--expires-in`.
    package static func open(url: String, _ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> EntryRequest {
        guard !url.isEmpty else { throw .usage("the URL is empty") }
        var source: OpenSource?
        if let text = parsed.value("source") {
            guard let known = OpenSource(rawValue: text), EntrySource(rawValue: text) != nil else {
                throw .usage("--source must be one of \(OpenSource.allCases.map(\.rawValue).joined(separator: ", ")); got '\(text)'")
            }
            source = known
        }
        return .open(url: url, source: source, id: parsed.value("id"), expiration: try expiration(parsed, now: now),
                     platform: parsed.has("android") ? .android : nil)
    }

    /// A `retract` request: exactly one of `--id`, `--kind` and `--collapse-id`, none of them empty.
    package static func retract(_ parsed: ParsedArguments) throws(SenderRequestError) -> EntryRequest {
        let targets: [(String, @Sendable (String) -> EntryClient.RetractTarget)] = [("id", { .id($0) }), ("kind", { .kind($0) }),
                                                                        ("collapse-id", { .collapseId($0) })]
        let given = targets.filter { parsed.has($0.0) }
        guard given.count == 1, let (flag, target) = given.first else {
            throw .usage("give exactly one of --id, --kind and --collapse-id"
                         + (given.isEmpty ? "" : "; got " + given.map { "--" + $0.0 }.joined(separator: " and ")))
        }
        guard let value = parsed.value(flag), !value.isEmpty else { throw .usage("--\(flag) is empty") }
        return .retract(target(value))
    }

    /// `--expiration EPOCH` (whole epoch seconds, `0` meaning "only if a scene can take it now") or
    /// `--expires-in DURATION` (from `now`, as `advance` spells a span), not both.
    private static func expiration(_ parsed: ParsedArguments, now: Int64) throws(SenderRequestError) -> Int64? {
        if let text = parsed.value("expires-in") {
            guard !parsed.has("expiration") else { throw .usage("give --expiration or --expires-in, not both") }
            // The words of `advance` (and of a scenario's), milliseconds included; the wire takes
            // whole seconds, so a span is rounded up to the next one.
            guard let milliseconds = ClockAdvance.milliseconds(text) else {
                throw .usage("--expires-in takes a whole number and a unit: 1500ms, 30s, 10m, 2h or 1d; got '\(text)'")
            }
            return now + (milliseconds + 999) / 1000
        }
        guard let text = parsed.value("expiration") else { return nil }
        guard let seconds = Int64(text), seconds >= 0 else {
            throw .usage("--expiration must be whole epoch seconds (0 = only if a scene can take it now); got '\(text)'")
        }
        return seconds
    }
}

/// Why a sender's request could not be built: a bad flag (exit 64) or a bad file (exit 65).
package enum SenderRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    case usage(String)
    case badFile(file: String, reason: String)

    package var description: String {
        switch self {
        case .usage(let message): message
        case .badFile(let file, let reason): "\(file): \(reason)"
        }
    }

    package var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .badFile: 65
        }
    }
}
