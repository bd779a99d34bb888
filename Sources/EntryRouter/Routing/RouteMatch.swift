/// The routing decision for one URL or push payload, ready for the scene state machine.
public struct RouteMatch: Sendable, Hashable {
    /// The final route's name, after redirects.
    public var route: String
    /// Sorted by name; see `RouteParams`.
    public var params: RouteParams
    public var target: Target
    /// Seconds an entry may wait when its sender gave no expiration.
    public var ttl: Int64?
    /// Gates that must be open on a scene before it is handed over (R17).
    public var requires: [String]
    public var actions: [String: [RouteAction]]
    /// The config route it came from, when a `RoutingTable` made it: lets the router find the route's
    /// shared shape without hashing its name. A hint, not part of the match's value (not compared).
    public var routeIndex: Int?

    public init(route: String, params: RouteParams, target: Target, ttl: Int64? = nil,
                requires: [String] = [], actions: [String: [RouteAction]] = [:], routeIndex: Int? = nil) {
        self.route = route
        self.params = params
        self.target = target
        self.ttl = ttl
        self.requires = requires
        self.actions = actions
        self.routeIndex = routeIndex
    }

    public static func == (a: RouteMatch, b: RouteMatch) -> Bool {
        a.route == b.route && a.params == b.params && a.target == b.target && a.ttl == b.ttl
            && a.requires == b.requires && a.actions == b.actions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(params)
        hasher.combine(target)
        hasher.combine(ttl)
        hasher.combine(requires)
        hasher.combine(actions)
    }

    /// What handing the entry to a scene means.
    public enum Target: Sendable, Hashable {
        /// A queued modal; `identity` is the value of the route's identity param, if it has one (R7).
        case modal(kind: String, priority: Int, identity: String?)
        case show(tab: String)
        case tab(String)
    }
}
