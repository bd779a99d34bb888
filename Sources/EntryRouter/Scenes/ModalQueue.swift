/// A scene's waiting modals, in the order they will be presented: priority, then arrival (R4).
struct ModalQueue: Sendable, Hashable {
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var ids: [String] { entries.map(\.id) }

    /// Inserts after every entry that goes first, so equal priorities keep arrival order.
    mutating func insert(_ entry: Entry) {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if Self.goesFirst(entries[mid], entry) { low = mid + 1 } else { high = mid }
        }
        entries.insert(entry, at: low)
    }

    mutating func popFirst() -> Entry? {
        entries.isEmpty ? nil : entries.removeFirst()
    }

    /// Removes and returns the matching entries, in queue order.
    mutating func removeAll(where matches: (Entry) -> Bool) -> [Entry] {
        let removed = entries.filter(matches)
        if !removed.isEmpty { entries.removeAll(where: matches) }
        return removed
    }

    private static func goesFirst(_ a: Entry, _ b: Entry) -> Bool {
        (a.priority, a.seq) < (b.priority, b.seq)
    }
}
