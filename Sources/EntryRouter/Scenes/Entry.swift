/// One thing that arrived (SPEC §1), while the router still decides about it.
///
/// An entry lives in exactly one place at a time: the inbox (`pending`), a scene's modal queue or
/// its unsent shows (`queued`), or a scene's modal slot (`presenting`, `presented`). Once it leaves
/// those places in any other state it is forgotten: only its persisted record and the counts remain.
struct Entry: Sendable, Hashable {
    var id: String
    var source: EntrySource
    var route: String
    var params: [String: String]
    var target: RouteMatch.Target
    var collapseId: String?
    var requires: [String]
    var actions: [String: [RouteAction]]
    var received: Instant
    /// nil: it waits until handed over.
    var expires: Instant?
    /// Arrival order: the tie-break among equal priorities (R4) and the order of pending entries.
    var seq: UInt64
    var state: EntryState
    /// The scene it waits for or was handed to; nil while any scene may take it.
    var scene: String?

    /// The modal kind, for modal routes.
    var kind: String? {
        if case .modal(let kind, _, _) = target { return kind }
        return nil
    }

    /// Lower is presented first; only modal routes queue.
    var priority: Int {
        if case .modal(_, let priority, _) = target { return priority }
        return Int.max
    }

    /// The value of the route's identity param (R7).
    var identity: String? {
        if case .modal(_, _, let identity) = target { return identity }
        return nil
    }

    /// An entry expires once `now` is past its expiry (SPEC §3.1: now > expiration).
    func isExpired(at now: Instant) -> Bool {
        guard let expires else { return false }
        return now > expires
    }

    /// Whether a `collapseId` or modal kind makes this entry stand in for `other` (R6, R10).
    func sharesKindOrCollapseId(with other: Entry) -> Bool {
        if let kind, kind == other.kind { return true }
        if let collapseId, collapseId == other.collapseId { return true }
        return false
    }

    var record: EntryRecord {
        EntryRecord(id: id, source: source, route: route, params: params, collapseId: collapseId, kind: kind,
                    priority: kind == nil ? nil : priority, identity: identity, received: received,
                    expires: expires, state: state, scene: scene)
    }

    var reply: EntryReply { EntryReply(id: id, route: route, params: params, state: state) }
}

extension Entry {
    /// Rebuilds a stored entry. What a record does not carry (show or tab target, gates, actions) comes
    /// from the config's route of the same name; nil when neither the record nor the config says
    /// what handing it over would mean (its route was removed from the config).
    init?(restoring record: EntryRecord, seq: UInt64, config: Config) {
        let route = config.route(named: record.route)
        let target: RouteMatch.Target
        if let kind = record.kind {
            let priority = record.priority ?? config.modals[kind] ?? Int.max
            target = .modal(kind: kind, priority: priority, identity: record.identity)
        } else {
            switch route?.presentation {
            case .show(let tab): target = .show(tab: tab)
            case .tab(let tab): target = .tab(tab)
            case .modal(let kind):
                let identity = route?.identity.flatMap { record.params[$0] }
                target = .modal(kind: kind, priority: config.modals[kind] ?? Int.max, identity: identity)
            case .redirect, nil: return nil
            }
        }
        self.init(id: record.id, source: record.source, route: record.route, params: record.params,
                  target: target, collapseId: record.collapseId, requires: route?.requires ?? [],
                  actions: route?.actions ?? [:], received: record.received, expires: record.expires,
                  seq: seq, state: record.state, scene: record.scene)
    }
}
