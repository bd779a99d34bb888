/// The routing decision for one URL or push payload, ready for the scene state machine.
///
/// What every match of one route has in common (its name, target, ttl, gates and actions) is the
/// route's one `CompiledRoute`, which a `RoutingTable` makes once per config route and entries of the
/// route hold too: making, copying and destroying a match counts three references (the route, the
/// params, the identity value). The fields read and set as stored ones would; setting one gives the
/// match a route of its own.
public struct RouteMatch: Sendable, Hashable {
    /// The route's name, target (with no identity value), ttl, gates and actions.
    private(set) var shared: CompiledRoute
    /// Sorted by name; see `RouteParams`.
    public var params: RouteParams
    /// The value of a modal route's identity param (R7): the one part of the target that is the entry's.
    private(set) var identity: String?

    package init(route: String, params: RouteParams, target: Target, ttl: Int64? = nil,
                 requires: [String] = [], actions: [String: [RouteAction]] = [:], routeIndex: Int? = nil) {
        shared = CompiledRoute(name: route, target: CompiledRoute.Target(target), ttl: ttl, requires: requires,
                               actions: actions, kindSlot: nil, routeIndex: routeIndex)
        self.params = params
        identity = target.identity
    }

    /// A match of `route`, a route a `RoutingTable` made; `identity` is kept for a modal target only.
    init(_ route: CompiledRoute, params: consuming RouteParams, identity: consuming String?) {
        shared = route
        self.params = params
        if route.isModal { self.identity = identity }
    }

    /// The final route's name, after redirects.
    public var route: String {
        get { shared.name }
        set { shared = shared.with(name: newValue) }
    }

    package var target: Target {
        get { shared.target.matchTarget(identity: identity) }
        set {
            shared = shared.with(target: CompiledRoute.Target(newValue))
            identity = newValue.identity
        }
    }

    /// Seconds an entry may wait when its sender gave no expiration.
    package var ttl: Int64? {
        get { shared.ttl }
        set { shared = shared.with(ttl: newValue) }
    }

    /// Gates that must be open on a scene before it is handed over (R17).
    package var requires: [String] {
        get { shared.requires }
        set { shared = shared.with(requires: newValue) }
    }

    package var actions: [String: [RouteAction]] {
        get { shared.actions }
        set { shared = shared.with(actions: newValue) }
    }

    /// The config route it came from, when a `RoutingTable` made it. A hint, not part of the match's
    /// value (not compared).
    package var routeIndex: Int? {
        get { shared.routeIndex }
        set { shared = shared.with(routeIndex: newValue) }
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
    package enum Target: Sendable, Hashable {
        /// A queued modal; `identity` is the value of the route's identity param, if it has one (R7).
        case modal(kind: String, priority: Int, identity: String?)
        case show(tab: String)
        case tab(String)

        /// The identity value of a modal target.
        var identity: String? {
            guard case .modal(_, _, let identity) = self else { return nil }
            return identity
        }
    }
}
