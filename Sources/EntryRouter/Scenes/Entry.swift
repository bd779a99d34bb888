/// One thing that arrived (docs/PROTOCOL.md), while the router still decides about it.
///
/// An entry lives in exactly one place at a time: the inbox (`pending`), a scene's modal queue or
/// its unsent shows (`queued`), or a scene's modal slot (`presenting`, `presented`). Once it leaves
/// those places in any other state it is forgotten: only its persisted record and the counts remain.
///
/// Up to `maxPending` entries wait at once, so an entry keeps only what is its own: what its route
/// means (name, target, gates, actions) is the route's one `CompiledRoute`, shared by all its entries.
struct Entry: Sendable {
    var id: String
    var params: RouteParams
    /// The route it came from, after redirects.
    var shape: CompiledRoute
    var collapseId: String?
    /// The value of the route's identity param (R7), for a modal route that has one.
    var identity: String?
    /// The scene it waits for or was handed to; nil while any scene may take it.
    var scene: String?
    var received: Instant
    /// Arrival order: the tie-break among equal priorities (R4) and the order of pending entries.
    var seq: UInt64
    /// nil: it waits until handed over.
    var expires: Instant?
    var source: EntrySource
    var state: EntryState
    /// The steps of a route action to send for this entry instead of presenting it (docs/PROTOCOL.md, across restarts and "Every step reaches the app"):
    /// what an accepted action left for after its modal's dismissal, or the action a launch carried.
    /// Kept until they were written to the scene, so that a crash or a disconnect before that sends
    /// them again. Empty for every other entry.
    var steps: [RouteAction] = []

    /// The final route's name.
    var route: String { shape.name }
    var requires: [String] { shape.requires }
    var actions: [String: [RouteAction]] { shape.actions }

    /// The modal kind, for modal routes.
    var kind: String? { shape.kind }

    /// Lower is presented first; only modal routes queue.
    var priority: Int { shape.priority }

    /// An entry expires once `now` is past its expiry (docs/PROTOCOL.md: now > expiration).
    func isExpired(at now: Instant) -> Bool {
        guard let expires else { return false }
        return now > expires
    }

    /// Whether a `collapseId` or modal kind makes this entry stand in for `other` (R6, R10).
    func sharesKindOrCollapseId(with other: Entry) -> Bool {
        if let kindSlot = shape.kindSlot, kindSlot == other.shape.kindSlot { return true }
        if let collapseId, collapseId == other.collapseId { return true }
        return false
    }

    var record: EntryRecord {
        EntryRecord(id: id, source: source, route: shape.name, params: params, collapseId: Self.copy(collapseId),
                    kind: Self.copy(shape.kind), priority: shape.recordPriority, identity: Self.copy(identity),
                    received: received, expires: expires, state: state, scene: Self.copy(scene),
                    steps: state.isFinal ? [] : steps)
    }

    /// An optional string, copied as the string it holds. Copied in place from the entry into the record,
    /// it would go through an outlined copy that calls the runtime's generic value witness, several per
    /// record; not inlined, so the optimizer cannot fold it back into that.
    @inline(never)
    private static func copy(_ value: String?) -> String? {
        guard let value else { return nil }
        return value
    }

    /// The record of an entry that is dropped now: its own fields move into the record, so nothing is
    /// retained for it and the entry leaves nothing to destroy but its shape.
    consuming func takeRecord() -> EntryRecord {
        EntryRecord(id: id, source: source, route: shape.name, params: params, collapseId: collapseId,
                    kind: shape.kind, priority: shape.recordPriority, identity: identity, received: received,
                    expires: expires, state: state, scene: scene, steps: state.isFinal ? [] : steps)
    }

    var reply: EntryReply { EntryReply(id: id, route: route, params: params, state: state) }
}

extension Entry {
    /// Rebuilds a stored entry. What a record does not carry (show or tab target, gates, actions) comes
    /// from the config's route of the same name; nil when neither the record nor the config says
    /// what handing it over would mean (its route was removed from the config).
    init?(restoring record: EntryRecord, seq: UInt64, config: Config, routes: inout RouteRegistry) {
        let index = config.routes.firstIndex { $0.name == record.route }
        let route = index.map { config.routes[$0] }
        let shape: CompiledRoute
        var identity: String?
        if let kind = record.kind {
            let priority = record.priority ?? config.modals[kind] ?? Int.max
            shape = routes.file(CompiledRoute(name: record.route, target: .modal(kind: kind, priority: priority),
                                              ttl: route?.ttl, requires: route?.requires ?? [],
                                              actions: route?.actions ?? [:], identityParam: route?.identity,
                                              kindSlot: nil))
            identity = record.identity
        } else {
            guard let index, let known = routes.route(routeIndex: index) else { return nil }
            shape = known
            if known.isModal { identity = known.identityParam.flatMap { record.params[$0] } }
        }
        self.init(id: record.id, params: record.params, shape: shape, collapseId: record.collapseId,
                  identity: identity, scene: record.scene, received: record.received, seq: seq,
                  expires: record.expires, source: record.source, state: record.state, steps: record.steps)
    }
}
