/// The router's route shapes: one per config route, in config order, then one per other shape a
/// routing or a stored record named (a routing not built from this config, a route whose config
/// changed since the record was stored). Shapes are never removed, so an entry's shape stays valid.
struct RouteShapes: Sendable {
    /// The config's routes (redirects excluded): their shape, by the route's index in the config.
    private var byRouteIndex: [RouteShape?] = []
    private var byName: [String: [RouteShape]] = [:]
    private var kindSlots: [String: Int] = [:]
    /// The shared route of the last match looked up, and its shape. A `RoutingTable` shares one
    /// immutable route between all matches of a config route, and consecutive arrivals mostly come
    /// from one route: the same object means the same name, target, gates and actions, so an identity
    /// check stands in for comparing them. Held strongly, so the object cannot be freed and its
    /// address reused by another route.
    private var lastRoute: RouteMatch.Route?
    private var lastShape: RouteShape?

    init(config: Config) {
        for route in config.routes {
            let target: RouteShape.Target
            switch route.presentation {
            case .modal(let kind): target = .modal(kind: kind, priority: config.modals[kind] ?? Int.max)
            case .show(let tab): target = .show(tab: tab)
            case .tab(let tab): target = .tab(tab)
            case .redirect:
                byRouteIndex.append(nil)
                continue
            }
            byRouteIndex.append(shape(name: route.name, target: target, requires: route.requires, actions: route.actions))
        }
    }

    /// The shape of a match. A match of the same shared route as the last one has the last one's
    /// shape. A match from a `RoutingTable` names its config route, which costs one comparison (the
    /// arrays and dictionaries compared share storage with the config's); any other is looked up by
    /// name.
    mutating func shape(of match: RouteMatch) -> RouteShape {
        if let lastRoute, lastRoute === match.shared, let lastShape { return lastShape }
        let found: RouteShape
        if let index = match.routeIndex, index < byRouteIndex.count, let known = byRouteIndex[index],
           known.isShape(of: match) {
            found = known
        } else {
            found = shape(name: match.route, target: RouteShape.Target(match.target), requires: match.requires,
                          actions: match.actions)
        }
        lastRoute = match.shared
        lastShape = found
        return found
    }

    /// The slot in the inbox's index by kind of modal kind `kind`, if an entry of it was ever made.
    func kindSlot(of kind: String) -> Int? {
        kindSlots[kind]
    }

    /// The shape of config route `index`, nil for a redirect route.
    func shape(routeIndex index: Int) -> RouteShape? {
        index < byRouteIndex.count ? byRouteIndex[index] : nil
    }

    /// The shape with these properties, made once.
    mutating func shape(name: String, target: RouteShape.Target, requires: [String],
                        actions: [String: [RouteAction]]) -> RouteShape {
        if let known = byName[name]?.first(where: { $0.has(target: target, requires: requires, actions: actions) }) {
            return known
        }
        var kindSlot: Int?
        if case .modal(let kind, _) = target {
            kindSlot = kindSlots[kind] ?? kindSlots.count
            kindSlots[kind] = kindSlot
        }
        let shape = RouteShape(name: name, target: target, requires: requires, actions: actions, kindSlot: kindSlot)
        byName[name, default: []].append(shape)
        return shape
    }
}
