/// What every entry of one route has in common: the route's name, what handing it over means, its
/// gates and its actions. Entries refer to one shared shape instead of carrying copies of these, which
/// made a waiting entry about 170 bytes inline (100 000 of them wait at most).
final class RouteShape: Sendable {
    let name: String
    let target: Target
    let requires: [String]
    let actions: [String: [RouteAction]]
    /// A small number per modal kind, for the inbox's index by kind; nil for shows and tabs.
    let kindSlot: Int?
    /// The modal kind, for modal routes: kept, not derived from `target`, as every record of an entry
    /// carries it.
    let kind: String?
    /// What a record stores as the priority: a modal's priority, nil for shows and tabs.
    let recordPriority: Int?

    /// What handing an entry of this route to a scene means; the identity value is the entry's own.
    enum Target: Sendable, Hashable {
        case modal(kind: String, priority: Int)
        case show(tab: String)
        case tab(String)
    }

    init(name: String, target: Target, requires: [String], actions: [String: [RouteAction]], kindSlot: Int?) {
        self.name = name
        self.target = target
        self.requires = requires
        self.actions = actions
        self.kindSlot = kindSlot
        if case .modal(let kind, let priority) = target {
            self.kind = kind
            recordPriority = priority
        } else {
            kind = nil
            recordPriority = nil
        }
    }

    /// Lower is presented first; only modal routes queue.
    var priority: Int {
        if case .modal(_, let priority) = target { return priority }
        return Int.max
    }

    func has(target: Target, requires: [String], actions: [String: [RouteAction]]) -> Bool {
        self.target == target && self.requires == requires && self.actions == actions
    }

    /// Whether a match has this shape. The match's route is compared where it is rather than its
    /// target first made into a `Target`, which copied its strings for every arrival.
    func isShape(of match: RouteMatch) -> Bool {
        let route = match.shared.fields
        return name == route.name && target.isTarget(of: route.target) && requires == route.requires
            && actions == route.actions
    }
}

extension RouteShape.Target {
    /// Whether `target` is this one with an identity value.
    func isTarget(of target: RouteMatch.Target) -> Bool {
        switch self {
        case .modal(let kind, let priority):
            guard case .modal(let matchKind, let matchPriority, _) = target else { return false }
            return kind == matchKind && priority == matchPriority
        case .show(let tab):
            guard case .show(let matchTab) = target else { return false }
            return tab == matchTab
        case .tab(let tab):
            guard case .tab(let matchTab) = target else { return false }
            return tab == matchTab
        }
    }

    /// The match's target without its identity value.
    init(_ target: RouteMatch.Target) {
        switch target {
        case .modal(let kind, let priority, _): self = .modal(kind: kind, priority: priority)
        case .show(let tab): self = .show(tab: tab)
        case .tab(let tab): self = .tab(tab)
        }
    }
}
