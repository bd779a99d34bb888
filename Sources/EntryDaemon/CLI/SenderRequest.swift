import EntryRouter

/// Builds the `push` and `open` request lines of `entryd push` and `entryd open` from their
/// command lines. Pure: reading the file and talking to the daemon happen in the command.
public enum SenderRequest {
    /// A `push` request without its payload: the flags, checked before any file is read.
    public static func push(_ parsed: ParsedArguments) throws(SenderRequestError) -> JSONValue {
        var request: [String: JSONValue] = ["op": .string("push"), "req": .number(1)]
        if let id = parsed.value("id") { request["id"] = .string(id) }
        if let collapseId = parsed.value("collapse-id") { request["collapseId"] = .string(collapseId) }
        if let expiration = try expiration(parsed) { request["expiration"] = expiration }
        return .object(request)
    }

    /// The payload of an `.apns` file, the format `xcrun simctl push` takes: one JSON object, the
    /// APNs payload, with an optional top-level `"Simulator Target Bundle"`. The object is sent as it
    /// is: the daemon checks the bundle against its config (`wrong_bundle`).
    public static func payload(apns bytes: [UInt8], file: String) throws(SenderRequestError) -> JSONValue {
        let payload: JSONValue
        do {
            payload = try JSONValue.parse(bytes[...])
        } catch {
            throw .badFile(file: file, reason: "not JSON: \(error)")
        }
        guard case .object = payload else {
            throw .badFile(file: file, reason: "the payload must be a JSON object (an APNs payload with \"aps\" and custom keys)")
        }
        return payload
    }

    /// An `open` request for `url`, with `--source`, `--id` and `--expiration`.
    public static func open(url: String, _ parsed: ParsedArguments) throws(SenderRequestError) -> JSONValue {
        var request: [String: JSONValue] = ["op": .string("open"), "req": .number(1), "url": .string(url)]
        if let source = parsed.value("source") {
            guard EntrySource(rawValue: source) != nil, source != EntrySource.push.rawValue, source != EntrySource.launch.rawValue else {
                throw .usage("--source must be one of deeplink, universalLink, widget, shortcut; got '\(source)'")
            }
            request["source"] = .string(source)
        }
        if let id = parsed.value("id") { request["id"] = .string(id) }
        if let expiration = try expiration(parsed) { request["expiration"] = expiration }
        return .object(request)
    }

    /// `--expiration EPOCH`: whole epoch seconds, `0` meaning "only if a scene can take it now".
    private static func expiration(_ parsed: ParsedArguments) throws(SenderRequestError) -> JSONValue? {
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
