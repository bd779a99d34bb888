/// One final route as routing returns it and entries hold it: its name, what handing it to a scene
/// means, its ttl, gates, actions and identity param, made once per config route by a
/// `RoutingTable` and never changed. A match refers to it with one reference, and every entry of
/// the route holds that same reference rather than copies of its fields (up to `maxPending` entries
/// wait at once). A field the config gives a route and an entry needs is added here and in `compile`.
final class CompiledRoute: Sendable {
    let name: String
    let target: Target
    /// Seconds an entry may wait when its sender gave no expiration.
    let ttl: Int64?
    /// Gates that must be open on a scene before an entry of this route is handed to it (R17).
    let requires: [String]
    /// Action name → the steps it runs (R12).
    let actions: [String: [RouteAction]]
    /// The param whose value, with the modal kind, identifies a modal (R7): a modal route's only.
    let identityParam: String?
    /// The route's index in the config it was compiled from; nil for a route made otherwise (a match
    /// built by hand, a stored record whose route changed).
    let routeIndex: Int?
    /// A small number per modal kind, for the inbox's index by kind; nil for shows and tabs, and for
    /// a route no table or router has filed yet.
    let kindSlot: Int?
    /// The modal kind, for modal routes: kept, not derived from `target`, as every record of an entry
    /// carries it.
    let kind: String?
    /// What a record stores as the priority: a modal's priority, nil for shows and tabs.
    let recordPriority: Int?
    /// Whether the target is a modal, the one kind whose match keeps an identity value: read where a
    /// match is made, so that the target enum is not copied to ask its case.
    let isModal: Bool

    /// What handing an entry of this route to a scene means; the identity value is the entry's own.
    enum Target: Sendable, Hashable {
        case modal(kind: String, priority: Int)
        case show(tab: String)
        case tab(String)
    }

    init(name: String, target: Target, ttl: Int64? = nil, requires: [String], actions: [String: [RouteAction]],
         identityParam: String? = nil, kindSlot: Int?, routeIndex: Int? = nil) {
        self.name = name
        self.target = target
        self.ttl = ttl
        self.requires = requires
        self.actions = actions
        self.routeIndex = routeIndex
        self.kindSlot = kindSlot
        if case .modal(let kind, let priority) = target {
            self.kind = kind
            recordPriority = priority
            isModal = true
            self.identityParam = identityParam
        } else {
            kind = nil
            recordPriority = nil
            isModal = false
            self.identityParam = nil
        }
    }

    /// Lower is presented first; only modal routes queue.
    var priority: Int {
        if case .modal(_, let priority) = target { return priority }
        return Int.max
    }

    /// Whether `other` means the same for an entry: everything but the index and the kind slot.
    func means(_ other: CompiledRoute) -> Bool {
        name == other.name && target == other.target && ttl == other.ttl && requires == other.requires
            && actions == other.actions && identityParam == other.identityParam
    }

    /// This route with a changed field, no longer the config's (so no index) nor filed (so no slot).
    func with(name: String? = nil, target: Target? = nil, ttl: Int64?? = nil, requires: [String]? = nil,
              actions: [String: [RouteAction]]? = nil, routeIndex: Int?? = nil) -> CompiledRoute {
        CompiledRoute(name: name ?? self.name, target: target ?? self.target, ttl: ttl ?? self.ttl,
                      requires: requires ?? self.requires, actions: actions ?? self.actions,
                      identityParam: identityParam, kindSlot: nil, routeIndex: routeIndex ?? self.routeIndex)
    }

    /// This route filed under `kindSlot`.
    func filed(kindSlot: Int?) -> CompiledRoute {
        CompiledRoute(name: name, target: target, ttl: ttl, requires: requires, actions: actions,
                      identityParam: identityParam, kindSlot: kindSlot, routeIndex: routeIndex)
    }

    /// The config's routes compiled, by index: nil for a redirect route, which is not final. Modal
    /// kinds are numbered in the order their first route appears.
    static func compile(_ config: Config) -> [CompiledRoute?] {
        var kindSlots: [String: Int] = [:]
        return config.routes.enumerated().map { index, route in
            let target: Target
            var kindSlot: Int?
            switch route.presentation {
            case .modal(let kind):
                target = .modal(kind: kind, priority: config.modals[kind] ?? Int.max)
                kindSlot = kindSlots[kind] ?? kindSlots.count
                kindSlots[kind] = kindSlot
            case .show(let tab): target = .show(tab: tab)
            case .tab(let tab): target = .tab(tab)
            case .redirect: return nil
            }
            return CompiledRoute(name: route.name, target: target, ttl: route.ttl, requires: route.requires,
                                 actions: route.actions, identityParam: route.identity, kindSlot: kindSlot,
                                 routeIndex: index)
        }
    }
}

extension CompiledRoute.Target {
    /// The match's target without its identity value.
    init(_ target: RouteMatch.Target) {
        switch target {
        case .modal(let kind, let priority, _): self = .modal(kind: kind, priority: priority)
        case .show(let tab): self = .show(tab: tab)
        case .tab(let tab): self = .tab(tab)
        }
    }

    /// This target as a match shows it, with the entry's identity value.
    func matchTarget(identity: String?) -> RouteMatch.Target {
        switch self {
        case .modal(let kind, let priority): .modal(kind: kind, priority: priority, identity: identity)
        case .show(let tab): .show(tab: tab)
        case .tab(let tab): .tab(tab)
        }
    }
}
