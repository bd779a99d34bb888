/// The pending entries (R1, R17): those no ready scene has taken yet, unassigned or waiting for one
/// scene's gates. Indexed by modal kind and collapseId, because latest-wins (R6) looks them up on
/// every arrival and the inbox may hold up to `maxPending` entries.
///
/// The inbox keeps arrival order itself: a hand-over of thousands of entries then walks them in
/// order instead of sorting whole entries, which was most of its cost.
struct Inbox: Sendable {
    /// The entries by arrival order (`seq`, unique per entry).
    private var bySeq: [UInt64: Entry] = [:]
    private var seqById: [String: UInt64] = [:]
    /// Every seq in `bySeq`, ascending, and possibly seqs of entries removed since: a removal leaves
    /// its seq behind (skipped on reading) rather than shifting the array; `compact` drops them once
    /// they are the majority.
    private var order: [UInt64] = []
    /// Kinds and collapseIds in two maps keyed by the plain value: no key string is built per
    /// arrival. An emptied kind keeps its (small, config-bounded) set, so latest-wins on a busy kind
    /// does not free and reallocate it on every arrival; an emptied collapseId is dropped, since
    /// senders may use unboundedly many.
    private var byKind: [String: Set<String>] = [:]
    private var byCollapseId: [String: Set<String>] = [:]

    var count: Int { bySeq.count }

    func contains(id: String) -> Bool { seqById[id] != nil }

    func entry(id: String) -> Entry? { seqById[id].flatMap { bySeq[$0] } }

    mutating func add(_ entry: Entry) {
        if let old = seqById[entry.id] { bySeq[old] = nil }
        seqById[entry.id] = entry.seq
        bySeq[entry.seq] = entry
        insertInOrder(entry.seq)
        if let kind = entry.kind { byKind[kind, default: []].insert(entry.id) }
        if let collapseId = entry.collapseId { byCollapseId[collapseId, default: []].insert(entry.id) }
    }

    @discardableResult
    mutating func remove(id: String) -> Entry? {
        guard let seq = seqById.removeValue(forKey: id), let entry = bySeq.removeValue(forKey: seq) else { return nil }
        if let kind = entry.kind { byKind[kind]?.remove(id) }
        if let collapseId = entry.collapseId, byCollapseId[collapseId]?.remove(id) != nil,
           byCollapseId[collapseId]?.isEmpty == true {
            byCollapseId[collapseId] = nil
        }
        if order.count > 2 * bySeq.count + 32 { compact() }
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
        let taken = entries(where: matches)
        for entry in taken { remove(id: entry.id) }
        return taken
    }

    /// The matching entries, in arrival order.
    func entries(where matches: (Entry) -> Bool) -> [Entry] {
        var found: [Entry] = []
        for seq in order {
            if let entry = bySeq[seq], matches(entry) { found.append(entry) }
        }
        return found
    }

    /// The `limit` oldest entries.
    func oldest(_ limit: Int) -> [Entry] {
        var found: [Entry] = []
        for seq in order where found.count < limit {
            if let entry = bySeq[seq] { found.append(entry) }
        }
        return found
    }

    /// New entries arrive with the highest seq so far; only a held or restored entry goes back in
    /// between. A seq still left behind by its own removal is not inserted twice.
    private mutating func insertInOrder(_ seq: UInt64) {
        guard let last = order.last, seq <= last else {
            order.append(seq)
            return
        }
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if order[mid] < seq { low = mid + 1 } else { high = mid }
        }
        if order[low] != seq { order.insert(seq, at: low) }
    }

    private mutating func compact() {
        order.removeAll { bySeq[$0] == nil }
    }
}
