/// The pending entries (R1, R17): those no ready scene has taken yet, unassigned or waiting for one
/// scene's gates. Indexed by modal kind and collapseId, because latest-wins (R6) looks them up on
/// every arrival and the inbox may hold up to `maxPending` entries.
struct Inbox: Sendable {
    private var byId: [String: Entry] = [:]
    /// Kinds and collapseIds in two maps keyed by the plain value: no key string is built per
    /// arrival. An emptied kind keeps its (small, config-bounded) set, so latest-wins on a busy kind
    /// does not free and reallocate it on every arrival; an emptied collapseId is dropped, since
    /// senders may use unboundedly many.
    private var byKind: [String: Set<String>] = [:]
    private var byCollapseId: [String: Set<String>] = [:]

    var count: Int { byId.count }

    func contains(id: String) -> Bool { byId[id] != nil }

    func entry(id: String) -> Entry? { byId[id] }

    mutating func add(_ entry: Entry) {
        byId[entry.id] = entry
        if let kind = entry.kind { byKind[kind, default: []].insert(entry.id) }
        if let collapseId = entry.collapseId { byCollapseId[collapseId, default: []].insert(entry.id) }
    }

    @discardableResult
    mutating func remove(id: String) -> Entry? {
        guard let entry = byId.removeValue(forKey: id) else { return nil }
        if let kind = entry.kind { byKind[kind]?.remove(id) }
        if let collapseId = entry.collapseId, byCollapseId[collapseId]?.remove(id) != nil,
           byCollapseId[collapseId]?.isEmpty == true {
            byCollapseId[collapseId] = nil
        }
        return entry
    }

    /// Removes the entries that share `entry`'s modal kind or collapseId, in arrival order.
    mutating func removeSharingKindOrCollapseId(with entry: Entry) -> [Entry] {
        let byKind = entry.kind.flatMap { self.byKind[$0] } ?? []
        let byCollapseId = entry.collapseId.flatMap { self.byCollapseId[$0] } ?? []
        if byKind.isEmpty && byCollapseId.isEmpty { return [] }
        return byKind.union(byCollapseId).compactMap { remove(id: $0) }.sorted { $0.seq < $1.seq }
    }

    /// Removes and returns the matching entries, in arrival order.
    mutating func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        let ids = byId.values.filter(matches).map(\.id)
        return ids.compactMap { remove(id: $0) }.sorted { $0.seq < $1.seq }
    }

    /// The matching entries, in arrival order.
    func entries(where matches: (Entry) -> Bool) -> [Entry] {
        byId.values.filter(matches).sorted { $0.seq < $1.seq }
    }

    /// The `limit` oldest entries.
    func oldest(_ limit: Int) -> [Entry] {
        Array(byId.values.sorted { $0.seq < $1.seq }.prefix(max(0, limit)))
    }
}
