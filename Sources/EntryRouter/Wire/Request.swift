/// One decoded request line: the caller's `req` token (echoed back) and what it asks for.
///
/// Made by `decode(line:)` with the memberwise initializer, and `PushRequest` likewise: the
/// optimizer copies a value built by an explicit initializer once more into its enum case or
/// result (retaining and releasing every string and array in it), which a push paid twice per line.
public struct Request: Sendable, Hashable {
    public var req: RequestTag? = nil
    public var op: Operation
}

/// Every operation of the wire protocol (docs/PROTOCOL.md, sender and scene ops).
public enum Operation: Sendable, Hashable {
    case push(PushRequest)
    case open(OpenRequest)
    case retract(RetractTarget)
    /// `limit` bounds every list of the reply; `after` is the `next` cursor of an earlier reply.
    case status(limit: Int, after: String? = nil)
    case watch
    case scene(name: String, SceneOp)
    /// Moves a manual clock on by this many milliseconds (`serve --clock manual`). The daemon moves
    /// its clock before it hands the request in, so the router only answers it: the turn it ends runs
    /// at the later time, expiring and forgetting what is due by then.
    case advance(milliseconds: Int64)
    /// The first line on a TCP connection, with the daemon's token (docs/PROTOCOL.md). The daemon checks
    /// the token before the router sees the line; on the Unix socket, whose peers are known by their
    /// uid, `hello` needs none, and the router only answers it.
    case hello(token: String?)
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

/// The `scene.*` operations; the scene's name travels beside them in `Operation.scene`.
public enum SceneOp: Sendable, Hashable {
    /// `launchId` is the launch notification's own identifier (replay protection goes by it when
    /// given, R18); `launchAction` the notification action the user chose, whose steps run once the
    /// scene is ready, without presenting the modal (docs/PROTOCOL.md, across restarts).
    /// `confirms`: the scene confirms each step event once the app acted on it (`handled`), and a
    /// step is finished only then (docs/PROTOCOL.md, steps the app confirms).
    case connect(launch: LaunchEntry?, launchId: String? = nil, launchAction: String? = nil, confirms: Bool = false)
    case appeared(screen: String)
    case presented(modal: String)
    case dismissed(modal: String)
    case action(modal: String, action: String)
    case busy(Bool)
    /// `parent` nil: the coordinator that pushed the screen has no parent (seed 004).
    case pushed(screen: String, parent: String?)
    case finish(screen: String)
    case background
    case gate(String, open: Bool)
    case reset
    /// The app acted on the step event with this `step` id: it is finished.
    case handled(step: String)
    /// The system discarded the scene's session (the user swiped the app away): what was owed to
    /// it goes to the next ready scene. Any connection may say so, the scene's own or another.
    case discarded
}
