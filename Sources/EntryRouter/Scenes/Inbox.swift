/// The pending entries (R1, R17): those no ready scene has taken yet, unassigned or waiting for one
/// scene's gates. Indexed by modal kind and collapseId, because latest-wins (R6) looks them up on
/// every arrival and the inbox may hold up to `maxPending` entries.
struct Inbox: Sendable {
    private var byId: [String: Entry] = [:]
    private var byKey: [String: Set<String>] = [:]

    var count: Int { byId.count }

    func contains(id: String) -> Bool { byId[id] != nil }

    func entry(id: String) -> Entry? { byId[id] }

    mutating func add(_ entry: Entry) {
        byId[entry.id] = entry
        for key in Self.keys(of: entry) { byKey[key, default: []].insert(entry.id) }
    }

    @discardableResult
    mutating func remove(id: String) -> Entry? {
        guard let entry = byId.removeValue(forKey: id) else { return nil }
        for key in Self.keys(of: entry) {
            byKey[key]?.remove(id)
            if byKey[key]?.isEmpty == true { byKey[key] = nil }
        }
        return entry
    }

    /// Removes the entries that share `entry`'s modal kind or collapseId, in arrival order.
    mutating func removeSharingKindOrCollapseId(with entry: Entry) -> [Entry] {
        let ids = Self.keys(of: entry).flatMap { byKey[$0] ?? [] }
        return Set(ids).compactMap { remove(id: $0) }.sorted { $0.seq < $1.seq }
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

    private static func keys(of entry: Entry) -> [String] {
        var keys: [String] = []
        if let kind = entry.kind { keys.append("kind:" + kind) }
        if let collapseId = entry.collapseId { keys.append("collapse:" + collapseId) }
        return keys
    }
}
