/// The pending entries (R1, R17): those no ready scene has taken yet, unassigned or waiting for one
/// scene's gates. Indexed by id, modal kind and collapseId, because latest-wins (R6) looks them up on
/// every arrival and the inbox may hold up to `maxPending` entries.
///
/// The entries live in one array in arrival order, which a hand-over walks instead of sorting, and
/// which costs an entry's own bytes and no more (a dictionary keyed by seq kept up to four times as
/// many buckets as entries, each the size of an entry). A removal leaves a hole rather than shifting
/// the array; `compactIfSparse` closes the holes, and rebuilds the indexes, once they are a third.
struct Inbox: Sendable {
    private var slots: [Entry?] = []
    /// The seq of each slot's entry, kept where the entry was removed: expiry looks entries up by
    /// seq, which is a binary search here while the slots are in order.
    private var seqs: [UInt64] = []
    /// Positions in `slots`.
    private var slotById: [String: Int32] = [:]
    /// By the shape's kind slot: kinds are bounded by the config, and an emptied list keeps its
    /// storage, so latest-wins on a busy kind allocates nothing.
    private var byKind: [[Int32]] = []
    /// An emptied collapseId is dropped: senders may use unboundedly many.
    private var byCollapseId: [String: SlotList] = [:]
    /// False once an entry older than the newest one was added (a held or released entry): readers
    /// then sort what they return, until `compact` puts the slots in order again.
    private var inOrder = true
    private var newestSeq: UInt64 = 0

    private(set) var count = 0

    /// The slots of the entries sharing a collapseId: almost always one, which needs no array.
    private struct SlotList {
        var first: Int32 = -1
        var more: [Int32] = []

        mutating func add(_ slot: Int32) {
            if first < 0 { first = slot } else { more.append(slot) }
        }

        /// Returns whether the list is empty now.
        mutating func remove(_ slot: Int32) -> Bool {
            if first == slot {
                guard let last = more.popLast() else { return true }
                first = last
            } else if let index = more.firstIndex(of: slot) {
                more.remove(at: index)
            }
            return false
        }
    }

    func entry(id: String) -> Entry? { slotById[id].flatMap { slots[Int($0)] } }

    func reply(id: String) -> EntryReply? {
        guard let slot = slotById[id] else { return nil }
        return slots[Int(slot)]?.reply
    }

    func contains(seq: UInt64) -> Bool { slot(ofSeq: seq) != nil }

    mutating func remove(seq: UInt64) -> Entry? {
        guard let slot = slot(ofSeq: seq), let entry = slots[Int(slot)] else { return nil }
        return remove(id: entry.id)
    }

    /// The slot holding the entry with this seq.
    private func slot(ofSeq seq: UInt64) -> Int32? {
        guard inOrder else {
            guard let index = seqs.indices.first(where: { seqs[$0] == seq && slots[$0] != nil }) else { return nil }
            return Int32(index)
        }
        var low = 0, high = seqs.count
        while low < high {
            let mid = (low + high) / 2
            if seqs[mid] < seq { low = mid + 1 } else { high = mid }
        }
        // An entry removed and added back while it was the newest left its seq behind just before.
        while low < seqs.count, seqs[low] == seq {
            if slots[low] != nil { return Int32(low) }
            low += 1
        }
        return nil
    }

    mutating func add(_ entry: consuming Entry) {
        let slot = Int32(slots.count)
        if let old = slotById.updateValue(slot, forKey: entry.id) { remove(at: old, unindexingId: false) }
        if entry.seq < newestSeq { inOrder = false }
        newestSeq = max(newestSeq, entry.seq)
        indexKindAndCollapseId(of: entry, at: slot)
        seqs.append(entry.seq)
        slots.append(entry)
        count += 1
    }

    @discardableResult
    mutating func remove(id: String) -> Entry? {
        guard let slot = slotById.removeValue(forKey: id) else { return nil }
        let entry = remove(at: slot, unindexingId: false)
        compactIfSparse()
        return entry
    }

    /// Removes the entries that share `entry`'s modal kind or collapseId, in arrival order.
    mutating func removeSharingKindOrCollapseId(with entry: Entry) -> [Entry] {
        var removed: [Entry] = []
        if let kindSlot = entry.shape.kindSlot, kindSlot < byKind.count, !byKind[kindSlot].isEmpty {
            // Every entry of the kind goes: take the list (keeping its storage) rather than edit it per entry.
            var kindSlots: [Int32] = []
            swap(&kindSlots, &byKind[kindSlot])
            for slot in kindSlots {
                if let gone = remove(at: slot) { removed.append(gone) }
            }
            kindSlots.removeAll(keepingCapacity: true)
            swap(&kindSlots, &byKind[kindSlot])
        }
        // Every entry of the collapseId goes too: its list is dropped once, found by one hash of the id,
        // rather than edited and looked up again per entry.
        if let collapseId = entry.collapseId, let index = byCollapseId.index(forKey: collapseId) {
            let list = byCollapseId.remove(at: index).value
            if let gone = remove(at: list.first, unindexingCollapseId: false) { removed.append(gone) }
            for slot in list.more {
                if let gone = remove(at: slot, unindexingCollapseId: false) { removed.append(gone) }
            }
        }
        if removed.isEmpty { return removed }
        if removed.count > 1 { removed.sort { $0.seq < $1.seq } }
        compactIfSparse()
        return removed
    }

    /// Removes and returns the matching entries, in arrival order.
    mutating func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        var taken: [(seq: UInt64, slot: Int32)] = []
        for (slot, entry) in slots.enumerated() {
            if let entry, matches(entry) { taken.append((entry.seq, Int32(slot))) }
        }
        if !inOrder { taken.sort { $0.seq < $1.seq } }
        let removed = taken.compactMap { remove(at: $0.slot) }
        compactIfSparse()
        return removed
    }

    /// The matching entries, in arrival order.
    func entries(where matches: (Entry) -> Bool) -> [Entry] {
        var found: [Entry] = []
        for case let entry? in slots where matches(entry) { found.append(entry) }
        if !inOrder { found.sort { $0.seq < $1.seq } }
        return found
    }

    /// The `limit` oldest entries.
    func oldest(_ limit: Int) -> [Entry] {
        guard inOrder else { return Array(entries { _ in true }.prefix(limit)) }
        var found: [Entry] = []
        for case let entry? in slots where found.count < limit { found.append(entry) }
        return found
    }

    @discardableResult
    private mutating func remove(at slot: Int32, unindexingId: Bool = true, unindexingCollapseId: Bool = true)
        -> Entry? {
        guard let entry = slots[Int(slot)].take() else { return nil }
        if unindexingId { slotById[entry.id] = nil }
        if let kindSlot = entry.shape.kindSlot, let index = byKind[kindSlot].firstIndex(of: slot) {
            byKind[kindSlot].remove(at: index)
        }
        if unindexingCollapseId, let collapseId = entry.collapseId, let index = byCollapseId.index(forKey: collapseId),
           byCollapseId.values[index].remove(slot) {
            byCollapseId.remove(at: index)
        }
        count -= 1
        return entry
    }

    private mutating func indexKindAndCollapseId(of entry: Entry, at slot: Int32) {
        if let kindSlot = entry.shape.kindSlot {
            while byKind.count <= kindSlot { byKind.append([]) }
            byKind[kindSlot].append(slot)
        }
        if let collapseId = entry.collapseId { byCollapseId[collapseId, default: SlotList()].add(slot) }
    }

    /// Closes the holes once they are a third of the slots, which keeps walks and memory proportional
    /// to the entries, at a cost of one pass per half as many removals as entries.
    private mutating func compactIfSparse() {
        guard slots.count > count + count / 2 + 32 else { return }
        var live = slots.compactMap { $0 }
        if !inOrder { live.sort { $0.seq < $1.seq } }
        slots = []
        seqs = []
        slotById.removeAll(keepingCapacity: true)
        for index in byKind.indices { byKind[index].removeAll(keepingCapacity: true) }
        byCollapseId.removeAll()
        inOrder = true
        newestSeq = live.last?.seq ?? 0
        slots.reserveCapacity(live.count)
        seqs.reserveCapacity(live.count)
        for entry in live {
            let slot = Int32(slots.count)
            slotById[entry.id] = slot
            indexKindAndCollapseId(of: entry, at: slot)
            slots.append(entry)
            seqs.append(entry.seq)
        }
    }
}
