/// One decoded request line: the caller's `req` token (echoed back) and what it asks for.
///
/// Made by `decode(line:)` with the memberwise initializer, and `PushRequest` likewise: the
/// optimizer copies a value built by an explicit initializer once more into its enum case or
/// result (retaining and releasing every string and array in it), which a push paid twice per line.
public struct Request: Sendable, Hashable {
    public var req: RequestTag? = nil
    public var op: Operation
}

/// A `push` request: an APNs payload and the sender's optional metadata (memberwise, see `Request`).
public struct PushRequest: Sendable, Hashable {
    public var payload: PushPayload
    /// The payload's encoded size in bytes, as received (APNs counts bytes, not values); for an FCM
    /// message, the bytes FCM counts of it (`FCMMessage.countedBytes`).
    package var payloadBytes: Int
    public var id: String?
    public var collapseId: String?
    /// Epoch seconds; `0` means "only if a scene can take it now".
    public var expiration: Int64?
    /// An APNs payload, or an FCM message made into one (`FCMMessage`).
    package var format: PushFormat = .apns
}

extension Request {
    /// A request made in code rather than decoded from a line, as an app that embeds the router
    /// hands in what arrived. Declared apart from the type, so the memberwise initializer the
    /// decoder uses stays.
    /// `req` is echoed as its JSON text (`RequestTag`).
    public init(_ op: Operation, req: JSONValue? = nil) {
        self.init(req: req.map(RequestTag.init), op: op)
    }
}

extension PushRequest {
    /// A push made in code: its size, for `payload_too_large`, is that of the payload's JSON text.
    public init(payload: PushPayload, id: String? = nil, collapseId: String? = nil, expiration: Int64? = nil) {
        self.init(payload: payload, payloadBytes: payload.text.count, id: id, collapseId: collapseId,
                  expiration: expiration)
    }
}

/// An `open` request: a URL and where it came from.
public struct OpenRequest: Sendable, Hashable {
    public var url: String
    /// nil lets the router derive it (`deeplink`, or `universalLink` for https).
    public var source: EntrySource?
    public var id: String?
    public var expiration: Int64?
    /// Whose universal-link rules let the URL in (docs/PROTOCOL.md, Android App Links).
    public var platform: LinkPlatform

    public init(url: String, source: EntrySource? = nil, id: String? = nil, expiration: Int64? = nil,
                platform: LinkPlatform = .ios) {
        self.url = url
        self.source = source
        self.id = id
        self.expiration = expiration
        self.platform = platform
    }
}

/// What a `retract` request removes (R10).
public enum RetractTarget: Sendable, Hashable {
    case id(String)
    case kind(String)
    case collapseId(String)
}

/// The entry a scene was launched with (R2).
public enum LaunchEntry: Sendable, Hashable {
    case url(String)
    case push(payload: PushPayload, payloadBytes: Int)
}
