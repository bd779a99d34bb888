/// A named destination of the config: its patterns, its push selector and what presenting it means.
public struct Route: Sendable, Hashable {
    public var name: String
    /// URL patterns (`scheme://host/seg/...`).
    public var match: [String]
    /// Push selector: dotted key path → the value it must equal.
    public var push: [String: JSONValue]?
    /// Param name → dotted key path in a push payload.
    public var params: [String: String]
    public var presentation: Presentation
    /// The param whose value, with the modal kind, identifies a modal (R7).
    public var identity: String?
    /// Seconds an entry may wait when its sender gave no expiration.
    public var ttl: Int64?
    /// Gates that must be open on a scene before this route is handed to it (R17).
    public var requires: [String]
    /// Action name → the steps it runs (R12).
    public var actions: [String: [RouteAction]]
    /// For a `show` route: the screens under it when an entry opens it from outside, bottom first,
    /// as URL templates filled from its params like `redirect` (docs/CONFIG.md), so that Back from the
    /// entry's screen lands where it would have had the user walked there.
    public var backStack: [String]

    public init(name: String, match: [String] = [], push: [String: JSONValue]? = nil, params: [String: String] = [:],
                presentation: Presentation, identity: String? = nil, ttl: Int64? = nil, requires: [String] = [],
                actions: [String: [RouteAction]] = [:], backStack: [String] = []) {
        self.name = name
        self.match = match
        self.push = push
        self.params = params
        self.presentation = presentation
        self.identity = identity
        self.ttl = ttl
        self.requires = requires
        self.actions = actions
        self.backStack = backStack
    }
}

/// What a route does when it is handed to a scene: exactly one of these (a config error otherwise).
public enum Presentation: Sendable, Hashable {
    /// Takes the scene's modal slot, queued by the kind's priority.
    case modal(kind: String)
    /// Pushes a screen onto a tab's navigation stack.
    case show(tab: String)
    /// Switches to a tab.
    case tab(String)
    /// Routes again to a URL built from the params (`materunner://records/:id`).
    case redirect(template: String)
}

/// One step of a route action (R12), written in the config as `dismiss`, `selectTab:TAB`, `start:FLOW`.
public enum RouteAction: Sendable, Hashable {
    case dismiss
    case selectTab(String)
    case start(flow: String)
}
