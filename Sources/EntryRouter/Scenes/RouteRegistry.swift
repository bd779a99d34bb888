/// The compiled routes the router's entries hold: the config's, by index (shared with the
/// `RoutingTable` the router routes with, when that table was built from the same routes), then one
/// per other route a routing or a stored record named (a routing not built from this config, a
/// match changed by hand, a route whose config changed since the record was stored). Routes are
/// never removed, so an entry's route stays valid.
struct RouteRegistry: Sendable {
    /// The config's routes (nil for a redirect), by the route's index in the config.
    private var byRouteIndex: [CompiledRoute?]
    private var byName: [String: [CompiledRoute]] = [:]
    private var kindSlots: [String: Int] = [:]

    /// The routes of `routing` when it is a `RoutingTable` of the same routes and modal kinds, so a
    /// match's route is the entry's with no lookup; else the config's compiled here.
    init(config: Config, routing: any EntryRouting) {
        if let table = routing as? RoutingTable, table.config.routes == config.routes,
           table.config.modals == config.modals {
            byRouteIndex = table.compiled
        } else {
            byRouteIndex = CompiledRoute.compile(config)
        }
        for case let route? in byRouteIndex {
            if let kind = route.kind, let slot = route.kindSlot { kindSlots[kind] = slot }
            if !(byName[route.name]?.contains(where: { $0.means(route) }) ?? false) {
                byName[route.name, default: []].append(route)
            }
        }
    }

    /// The route an entry of `match` holds: the match's own when it is this config's (one identity
    /// check), else the filed route that means the same.
    mutating func route(of match: RouteMatch) -> CompiledRoute {
        let route = match.shared
        if let index = route.routeIndex, index < byRouteIndex.count, let own = byRouteIndex[index], own === route {
            return route
        }
        return file(route)
    }

    /// The slot in the inbox's index by kind of modal kind `kind`, if an entry of it was ever made.
    func kindSlot(of kind: String) -> Int? {
        kindSlots[kind]
    }

    /// The route of config route `index`, nil for a redirect route.
    func route(routeIndex index: Int) -> CompiledRoute? {
        index < byRouteIndex.count ? byRouteIndex[index] : nil
    }

    /// The filed route that means what `route` does, filed now if none does.
    mutating func file(_ route: CompiledRoute) -> CompiledRoute {
        if let known = byName[route.name]?.first(where: { $0.means(route) }) { return known }
        var kindSlot: Int?
        if let kind = route.kind {
            kindSlot = kindSlots[kind] ?? kindSlots.count
            kindSlots[kind] = kindSlot
        }
        let filed = route.filed(kindSlot: kindSlot)
        byName[route.name, default: []].append(filed)
        return filed
    }
}
