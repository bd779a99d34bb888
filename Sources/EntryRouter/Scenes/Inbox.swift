import EntryKit

/// The pending entries (R1, R17): those no ready scene has taken yet, unassigned or waiting for one
/// scene's gates. Indexed by id, modal kind and collapseId, because latest-wins (R6) looks them up on
/// every arrival, a retraction (R10) by one of the three, and the inbox may hold up to `maxPending`
/// entries: neither walks them all.
///
/// The entries live in one array in arrival order, which a hand-over walks instead of sorting, and
/// which costs an entry's own bytes and no more (a dictionary keyed by seq would keep several times
/// as many buckets as entries, each the size of an entry). A removal leaves a hole rather than shifting
/// the array; `compactIfSparse` closes the holes, and renumbers the indexes, once they are a third.
///
/// Ids and collapseIds are indexed by `SlotIndex`, with each slot's tags kept beside its seq: a push
/// hashes its id and its collapseId once each, and removing an entry hashes nothing.
struct Inbox: Sendable {
    private var slots: [Entry?] = []
    /// Per slot, kept where the entry was removed: its seq (expiry looks entries up by seq, which is a
    /// binary search here while the slots are in order) and the tags of its id and collapseId.
    private var marks: [SlotMark] = []
    private var byId = SlotIndex()
    /// By the shape's kind slot: kinds are bounded by the config, and an emptied list keeps its
    /// storage, so latest-wins on a busy kind allocates nothing.
    private var byKind: [[Int32]] = []
    /// One word per entry that has a collapseId: entries held for a scene or given back by one may
    /// share a collapseId.
    private var byCollapseId = SlotIndex()
    /// False once an entry older than the newest one was added (a held or released entry): readers
    /// then sort what they return, until `compact` puts the slots in order again.
    private var inOrder = true
    private var newestSeq: UInt64 = 0

    private(set) var count = 0

    /// An entry's id and collapseId hashed as the indexes keep them. An arrival hashes each once: its
    /// duplicate check, latest-wins and `add` all use these (each hashed them again before).
    struct Tags {
        var id: UInt32
        /// nil when the entry has no collapseId. Tested here rather than on the entry: reading an
        /// optional string out of an entry being added copied it through a generic value witness.
        var collapseId: UInt32?

        /// The tag of `collapseId`, if there is one. Bound and hashed in place: `map` with a function
        /// copied the optional string through a generic value witness.
        static func tag(of collapseId: String?) -> UInt32? {
            if let collapseId { SlotIndex.tag(of: collapseId) } else { nil }
        }
    }

    /// What removing a slot's entry needs to unindex it, kept beside it so that a removal reads no
    /// field of the entry (reading its optional collapseId would cost a retain and a release).
    private struct SlotMark {
        var seq: UInt64
        var idTag: UInt32
        /// nil when the entry has no collapseId.
        var collapseIdTag: UInt32?
    }

    func entry(id: String) -> Entry? { slot(ofId: id).flatMap { slots[Int($0)] } }

    /// `tag` is the id's, when the caller has it already.
    func reply(id: String, tag: UInt32? = nil) -> EntryReply? {
        guard let slot = slot(ofId: id, tag: tag ?? SlotIndex.tag(of: id)) else { return nil }
        return slots[Int(slot)]?.reply
    }

    private func slot(ofId id: String) -> Int32? {
        slot(ofId: id, tag: SlotIndex.tag(of: id))
    }

    private func slot(ofId id: String, tag: UInt32) -> Int32? {
        byId.probe(tag: tag) { slots[Int($0)]?.id == id }.slot
    }

    func contains(seq: UInt64) -> Bool { slot(ofSeq: seq) != nil }

    mutating func remove(seq: UInt64) -> Entry? {
        guard let slot = slot(ofSeq: seq), let entry = remove(at: slot) else { return nil }
        compactIfSparse()
        return entry
    }

    /// The slot holding the entry with this seq.
    private func slot(ofSeq seq: UInt64) -> Int32? {
        guard inOrder else {
            guard let index = marks.indices.first(where: { marks[$0].seq == seq && slots[$0] != nil }) else { return nil }
            return Int32(index)
        }
        var low = 0, high = marks.count
        while low < high {
            let mid = (low + high) / 2
            if marks[mid].seq < seq { low = mid + 1 } else { high = mid }
        }
        // An entry removed and added back while it was the newest left its seq behind just before.
        while low < marks.count, marks[low].seq == seq {
            if slots[low] != nil { return Int32(low) }
            low += 1
        }
        return nil
    }

    mutating func add(_ entry: consuming Entry) {
        let tags = Tags(id: SlotIndex.tag(of: entry.id), collapseId: Tags.tag(of: entry.collapseId))
        add(entry, tags: tags)
    }

    /// Adds an entry whose `tags` the caller has already.
    mutating func add(_ entry: consuming Entry, tags: Tags) {
        let idTag = tags.id
        byId.reserveOneMore()
        let probe = byId.probe(tag: idTag) { slots[Int($0)]?.id == entry.id }
        // Removed first: when the old entry is the newest, its slot goes and the new one takes its number.
        if let old = probe.slot { remove(at: old, unindexingId: false) }
        let slot = Int32(slots.count)
        byId.set(probe, tag: idTag, slot: slot)
        if entry.seq < newestSeq { inOrder = false }
        newestSeq = max(newestSeq, entry.seq)
        var mark = SlotMark(seq: entry.seq, idTag: idTag, collapseIdTag: nil)
        if let kindSlot = entry.shape.kindSlot {
            while byKind.count <= kindSlot { byKind.append([]) }
            byKind[kindSlot].append(slot)
        }
        if let collapseIdTag = tags.collapseId {
            mark.collapseIdTag = collapseIdTag
            byCollapseId.insert(tag: collapseIdTag, slot: slot)
        }
        marks.append(mark)
        slots.append(consume entry)
        count += 1
    }

    @discardableResult
    mutating func remove(id: String) -> Entry? {
        guard let slot = slot(ofId: id) else { return nil }
        let entry = remove(at: slot)
        compactIfSparse()
        return entry
    }

    /// Removes the entries that share `entry`'s modal kind or collapseId and wait for `scene` (nil: for
    /// no scene), and adds them to `removed`, in arrival order: latest-wins stays within one scene
    /// (R6, R14). A launch entry is never taken: what the user tapped is shown, and a later entry of
    /// its kind waits behind it. Filled in place rather than returned: returning it copied it, every
    /// entry in it. `collapseIdTag` is the tag of `entry`'s collapseId, when the caller has it already.
    mutating func removeSharingKindOrCollapseId(with entry: Entry, waitingFor scene: String?,
                                                collapseIdTag: UInt32? = nil, into removed: inout RemovedEntries) {
        let replaceable = { (other: Entry) in other.scene == scene && other.source != .launch }
        if let kindSlot = entry.shape.kindSlot, kindSlot < byKind.count {
            // Every replaceable entry of the kind goes: the list is emptied from its end, keeping its
            // storage, and no removal looks for its slot in it; the others are put back in order.
            var kept: [Int32] = []
            while let slot = byKind[kindSlot].popLast() {
                guard let other = slots[Int(slot)], replaceable(other) else {
                    kept.append(slot)
                    continue
                }
                if let gone = remove(at: slot, unindexingKind: false) { removed.append(gone) }
            }
            byKind[kindSlot].append(contentsOf: kept.reversed())
        }
        // Every entry of the collapseId goes too: one hash of it finds them all.
        // Each is found by a probe with that one tag, until none is left: no list of them is built.
        if let tag = collapseIdTag ?? Tags.tag(of: entry.collapseId) {
            while let slot = byCollapseId.probe(tag: tag, where: {
                      guard let other = slots[Int($0)] else { return false }
                      return other.collapseId == entry.collapseId && replaceable(other)
                  }).slot,
                  let gone = remove(at: slot) {
                removed.append(gone)
            }
        }
        if !removed.isEmpty {
            removed.sortBySeq()
            compactIfSparse()
        }
    }

    // MARK: Replacement in place

    /// The slot of the entry a new one replaces in place (R6), when the replacement changes nothing
    /// but that slot: `entry` shares its modal kind or collapseId with the newest entry alone, and
    /// that entry has the same kind (or none, as `entry`), so the kind list stays as it is and the
    /// new entry, the newest, keeps the slots in arrival order. Nil sends the arrival the general way
    /// (`removeSharingKindOrCollapseId`, then `add`): that removal and that add do several times the
    /// work of an exchange in place.
    func replaceableSlot(for entry: Entry, collapseIdTag: UInt32?) -> Int32? {
        let newest = slots.count - 1
        guard newest >= 0, slots[newest] != nil else { return nil }
        let slot = Int32(newest)
        // A launch entry is never replaced (R6 keeps what the user tapped). The router asks only while
        // no scene exists, when every entry waits for no scene: same-scene latest-wins needs no check.
        guard slots[newest]?.source != .launch else { return nil }
        // Read through the indexes and the marks: binding the newest entry copied it.
        if let kindSlot = entry.shape.kindSlot {
            guard kindSlot < byKind.count, byKind[kindSlot].count == 1, byKind[kindSlot][0] == slot else { return nil }
        } else {
            guard let collapseIdTag, marks[newest].collapseIdTag == collapseIdTag, slots[newest]?.shape.kindSlot == nil,
                  byCollapseId.probe(tag: collapseIdTag, where: {
                      $0 == slot && slots[newest]?.collapseId == entry.collapseId
                  }).slot != nil
            else { return nil }
        }
        if let collapseIdTag {
            let other = byCollapseId.probe(tag: collapseIdTag) {
                $0 != slot && slots[Int($0)]?.collapseId == entry.collapseId
            }
            guard other.slot == nil else { return nil }
        }
        return slot
    }

    /// Takes out the entry of `slot` (from `replaceableSlot`; nil only for an empty slot) and leaves the slot, its mark and its
    /// words in the indexes as they are, for `refill` to give to the entry that replaces it. The two
    /// come in a pair, with no other use of the inbox between them: the router records the old
    /// entry's retirement and the new one's arrival in between, in that order, and neither reads the
    /// inbox.
    mutating func vacate(_ slot: Int32) -> Entry? {
        slots[Int(slot)].take()
    }

    /// Puts `entry`, with `tags`, into the slot `vacate` emptied. The id word moves to the new id's
    /// tag (an arrival's id is never in the inbox already: it would have been a duplicate); the
    /// collapseId word changes only when the tag does; the kind list already holds the slot.
    /// Inlined into its one caller, which has the entry at hand: called, it would be passed by address
    /// and copied once more into the slot.
    @inline(__always)
    mutating func refill(_ slot: Int32, with entry: consuming Entry, tags: Tags) {
        let index = Int(slot)
        let mark = marks[index]
        byId.retag(slot: slot, from: mark.idTag, to: tags.id)
        if mark.collapseIdTag != tags.collapseId {
            if let old = mark.collapseIdTag { byCollapseId.remove(tag: old, slot: slot) }
            if let new = tags.collapseId { byCollapseId.insert(tag: new, slot: slot) }
        }
        newestSeq = max(newestSeq, entry.seq)
        marks[index] = SlotMark(seq: entry.seq, idTag: tags.id, collapseIdTag: tags.collapseId)
        // Swapped in, and what comes out checked to be nothing: assigned, the slot's old value (always
        // nil) would be destroyed through the optional's generic value witness.
        var incoming: Entry? = consume entry
        swap(&slots[index], &incoming)
        guard case .none = incoming else { preconditionFailure("refill of a slot vacate did not empty") }
    }

    // MARK: Retraction

    /// Removes and returns the entry whose id has exactly these bytes (R10): one probe, whatever the
    /// number of entries.
    mutating func removeAll(id: String) -> [Entry] {
        let tag = SlotIndex.tag(of: id)
        guard let slot = byId.probe(tag: tag, where: { slots[Int($0)]?.id.utf8.elementsEqual(id.utf8) == true }).slot,
              let entry = remove(at: slot)
        else { return [] }
        compactIfSparse()
        return [entry]
    }

    /// Removes and returns the entries of modal kind `kind`, whose slot in the index by kind is
    /// `kindSlot`, in arrival order: a walk of that kind's list alone. Kinds are compared by their
    /// bytes, as ids are.
    mutating func removeAll(kindSlot: Int, kind: String) -> [Entry] {
        guard kindSlot < byKind.count, !byKind[kindSlot].isEmpty else { return [] }
        var removed: [Entry] = []
        var kept: [Int32] = []
        while let slot = byKind[kindSlot].popLast() {
            guard slots[Int(slot)]?.kind?.utf8.elementsEqual(kind.utf8) == true else {
                kept.append(slot)
                continue
            }
            if let entry = remove(at: slot, unindexingKind: false) { removed.append(entry) }
        }
        byKind[kindSlot].append(contentsOf: kept.reversed())
        return finishRemoval(removed)
    }

    /// Removes and returns the entries whose collapseId has exactly these bytes, in arrival order:
    /// each is found by a probe with the collapseId's one tag.
    mutating func removeAll(collapseId: String) -> [Entry] {
        let tag = SlotIndex.tag(of: collapseId)
        var removed: [Entry] = []
        while let slot = byCollapseId.probe(tag: tag, where: {
                  slots[Int($0)]?.collapseId?.utf8.elementsEqual(collapseId.utf8) == true
              }).slot,
              let entry = remove(at: slot) {
            removed.append(entry)
        }
        return finishRemoval(removed)
    }

    /// Entries removed through an index, put in arrival order, after which the holes they left may be closed.
    private mutating func finishRemoval(_ removed: [Entry]) -> [Entry] {
        guard !removed.isEmpty else { return [] }
        compactIfSparse()
        return removed.count == 1 ? removed : removed.sorted { $0.seq < $1.seq }
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

    /// Up to `limit` entries in arrival order, after the one that arrived as `after` (from the oldest
    /// without it), and whether more follow.
    func page(after: UInt64?, limit: Int) -> (entries: [Entry], more: Bool) {
        let after = after ?? 0
        guard inOrder else {
            let later = entries { $0.seq > after }
            return (Array(later.prefix(limit)), later.count > limit)
        }
        // In order, the slots' seqs rise: the page starts at the first slot past `after`.
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].seq <= after { low = middle + 1 } else { high = middle }
        }
        var found: [Entry] = []
        for case let entry? in slots[low...] {
            if found.count == limit { return (found, true) }
            found.append(entry)
        }
        return (found, false)
    }

    /// Empties a slot and unindexes its entry by the tags kept beside it: no key is hashed again.
    ///
    /// The last slot is dropped rather than left as a hole: when each arrival replaces the one before
    /// it (R6), the inbox then stays one slot long, with no hole to compact. The slots before it keep
    /// their numbers, so the indexes need no renumbering.
    @discardableResult
    private mutating func remove(at slot: Int32, unindexingId: Bool = true, unindexingKind: Bool = true) -> Entry? {
        let index = Int(slot)
        guard slots[index] != nil else { return nil }
        let mark = marks[index]
        let entry: Entry
        if index == slots.count - 1 {
            entry = slots.removeLast()!
            marks.removeLast()
            newestSeq = marks.last?.seq ?? 0
        } else {
            entry = slots[index].take()!
        }
        if unindexingId { byId.remove(tag: mark.idTag, slot: slot) }
        if unindexingKind, let kindSlot = entry.shape.kindSlot, let index = byKind[kindSlot].firstIndex(of: slot) {
            byKind[kindSlot].remove(at: index)
        }
        if let collapseIdTag = mark.collapseIdTag { byCollapseId.remove(tag: collapseIdTag, slot: slot) }
        count -= 1
        return entry
    }

    /// Closes the holes once they are a third of the slots, which keeps walks and memory proportional
    /// to the entries, at a cost of one pass per half as many removals as entries. The entries move
    /// out of their old slots, not copied, and the indexes are renumbered in place: nothing is hashed.
    private mutating func compactIfSparse() {
        guard slots.count > count + count / 2 + 32 else { return }
        if count == 0 {
            // Only holes (a replacement per arrival leaves one each time): the indexes are empty already,
            // and the arrays keep their storage.
            slots.removeAll(keepingCapacity: true)
            marks.removeAll(keepingCapacity: true)
            inOrder = true
            newestSeq = 0
            return
        }
        var live: [Int32] = []
        live.reserveCapacity(count)
        for slot in slots.indices where slots[slot] != nil { live.append(Int32(slot)) }
        if !inOrder { live.sort { marks[Int($0)].seq < marks[Int($1)].seq } }
        var renumbered = [Int32](repeating: -1, count: slots.count)
        var keptSlots: [Entry?] = []
        var keptMarks: [SlotMark] = []
        keptSlots.reserveCapacity(live.count)
        keptMarks.reserveCapacity(live.count)
        for old in live {
            renumbered[Int(old)] = Int32(keptSlots.count)
            keptSlots.append(slots[Int(old)].take())
            keptMarks.append(marks[Int(old)])
        }
        slots = keptSlots
        marks = keptMarks
        byId.renumber { renumbered[Int($0)] }
        byCollapseId.renumber { renumbered[Int($0)] }
        for kind in byKind.indices {
            for index in byKind[kind].indices { byKind[kind][index] = renumbered[Int(byKind[kind][index])] }
        }
        inOrder = true
        newestSeq = marks.last?.seq ?? 0
    }
}
