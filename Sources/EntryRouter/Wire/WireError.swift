/// The error codes of the wire protocol (docs/PROTOCOL.md).
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
    case badJSON = "bad_json"
    case badRequest = "bad_request"
    case unknownOp = "unknown_op"
    case frameTooLarge = "frame_too_large"
    case payloadTooLarge = "payload_too_large"
    case noRoute = "no_route"
    case notAllowed = "not_allowed"
    case wrongBundle = "wrong_bundle"
    case expired
    case unknownScene = "unknown_scene"
    case notAScene = "not_a_scene"
    case tooManyClients = "too_many_clients"
    case inboxFull = "inbox_full"
    case shuttingDown = "shutting_down"
}

/// An error reply: a code from the protocol and a message that says what to fix.
public struct WireError: Error, Sendable, Hashable {
    public var code: ErrorCode
    public var message: String

    package init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
