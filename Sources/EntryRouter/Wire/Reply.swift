/// The one reply every request gets, in request order per connection.
public struct Reply: Sendable, Hashable {
    /// The request's `req`, echoed back.
    public var req: JSONValue?
    public var body: Result<ReplyBody, WireError>

    public init(req: JSONValue?, body: Result<ReplyBody, WireError>) {
        self.req = req
        self.body = body
    }
}

/// The payload of an `ok: true` reply.
public enum ReplyBody: Sendable, Hashable {
    /// Nothing beyond `ok: true` (scene ops, `watch`).
    case ok
    /// `push` and `open`: the entry as it stands after this turn's decisions.
    case entry(EntryReply)
    /// `retract`: how many entries it removed.
    case retracted(Int)
    case status(StatusReport)
    /// `scene.connect`: the scene is connected, but its launch entry was not kept, for this reason (a
    /// launch that matches no route, an unknown action, a full inbox). The scene still connects:
    /// what it can show does not depend on what launched it (SPEC §2.1).
    case launchRefused(WireError)
}

/// What a `push` or `open` reply says about its entry.
public struct EntryReply: Sendable, Hashable {
    public var id: String
    public var route: String
    public var params: RouteParams
    public var state: EntryState

    public init(id: String, route: String, params: RouteParams, state: EntryState) {
        self.id = id
        self.route = route
        self.params = params
        self.state = state
    }
}
