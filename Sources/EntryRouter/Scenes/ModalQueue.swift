/// A scene's waiting modals, in the order they will be presented: priority, then arrival (R4).
///
/// Popping only advances `head`: removing the first element of an array moves every other one, so a
/// scene working through a queue of N modals would move N²/2 entries. The consumed prefix is dropped
/// once it is as long as the rest, which keeps a pop O(1) amortized.
struct ModalQueue: Sendable {
    private var storage: [Entry] = []
    private var head = 0

    /// The waiting entries, first to be presented first.
    var entries: ArraySlice<Entry> { storage[head...] }

    var isEmpty: Bool { head == storage.count }

    /// Inserts after every entry that goes first, so equal priorities keep arrival order.
    mutating func insert(_ entry: Entry) {
        var low = head
        var high = storage.count
        while low < high {
            let mid = (low + high) / 2
            if Self.goesFirst(storage[mid], entry) { low = mid + 1 } else { high = mid }
        }
        storage.insert(entry, at: low)
    }

    mutating func popFirst() -> Entry? {
        guard head < storage.count else { return nil }
        let first = storage[head]
        head += 1
        if head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return first
    }

    /// Removes and returns the matching entries, in queue order.
    mutating func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        let removed = entries.filter(matches)
        if !removed.isEmpty {
            storage = entries.filter { !matches($0) }
            head = 0
        }
        return removed
    }

    private static func goesFirst(_ a: Entry, _ b: Entry) -> Bool {
        (a.priority, a.seq) < (b.priority, b.seq)
    }
}
