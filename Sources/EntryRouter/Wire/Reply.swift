/// The one reply every request gets, in request order per connection.
public struct Reply: Sendable, Hashable {
    /// The request's `req`, echoed back.
    public var req: RequestTag?
    public var body: Result<ReplyBody, WireError>

    package init(req: RequestTag?, body: Result<ReplyBody, WireError>) {
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
    /// `scene.connect`: what the scene needs to know of the app, and whether its launch was kept.
    case connected(SceneSetup)
    /// `scene.appeared`: whether the scene is ready now, and what it still waits for.
    case appeared(SceneReadiness)
}

/// What a connecting scene learns of the app it plays: the screen whose appearance makes it ready, the
/// tabs, the gates it may open, and why its launch entry was not kept, if it was not (a launch that
/// matches no route, an unknown action, a full inbox). The scene connects either way: what it can
/// show does not depend on what launched it (docs/PROTOCOL.md, across restarts).
public struct SceneSetup: Sendable, Hashable {
    public var home: String
    public var tabs: [String]
    public var gates: [String]
    public var launchRefusal: WireError?

    package init(home: String, tabs: [String], gates: [String], launchRefusal: WireError? = nil) {
        self.home = home
        self.tabs = tabs
        self.gates = gates
        self.launchRefusal = launchRefusal
    }
}

/// A scene's readiness after `scene.appeared`: ready once home appeared (R1); until then `home` names
/// the screen it waits for. `closedGates` are the gates still closed, which hold the entries of routes
/// that require them (R17).
public struct SceneReadiness: Sendable, Hashable {
    public var ready: Bool
    public var home: String
    public var closedGates: [String]

    package init(ready: Bool, home: String, closedGates: [String]) {
        self.ready = ready
        self.home = home
        self.closedGates = closedGates
    }
}

/// What a `push` or `open` reply says about its entry.
public struct EntryReply: Sendable, Hashable {
    public var id: String
    public var route: String
    public var params: RouteParams
    public var state: EntryState

    package init(id: String, route: String, params: RouteParams, state: EntryState) {
        self.id = id
        self.route = route
        self.params = params
        self.state = state
    }
}
