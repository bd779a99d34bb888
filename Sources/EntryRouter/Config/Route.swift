/// A named destination of the config: its patterns, its push selector and what presenting it means.
package struct Route: Sendable, Hashable {
    package var name: String
    /// URL patterns (`scheme://host/seg/...`).
    package var match: [String]
    /// Push selector: dotted key path → the value it must equal.
    package var push: [String: JSONValue]?
    /// Param name → dotted key path in a push payload.
    package var params: [String: String]
    package var presentation: Presentation
    /// The param whose value, with the modal kind, identifies a modal (R7).
    package var identity: String?
    /// Seconds an entry may wait when its sender gave no expiration.
    package var ttl: Int64?
    /// Gates that must be open on a scene before this route is handed to it (R17).
    package var requires: [String]
    /// Action name → the steps it runs (R12).
    package var actions: [String: [RouteAction]]
    /// For a `show` route: the screens under it when an entry opens it from outside, bottom first,
    /// as URL templates filled from its params like `redirect` (docs/CONFIG.md), so that Back from the
    /// entry's screen lands where it would have had the user walked there.
    package var backStack: [String]

    package init(name: String, match: [String] = [], push: [String: JSONValue]? = nil, params: [String: String] = [:],
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
package enum Presentation: Sendable, Hashable {
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
package enum RouteAction: Sendable, Hashable {
    case dismiss
    case selectTab(String)
    case start(flow: String)
}
