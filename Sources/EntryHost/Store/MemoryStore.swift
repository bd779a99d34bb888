import EntryRouter

/// A store in memory that keeps what it is given: the in-process host's, where a test's `restart()`
/// is a crash that the router must recover from exactly as the daemon does from its file.
///
/// It folds each commit as the SQLite store does (`RecordChanges`: live entries upserted, finished
/// ones deleted, an entry that arrived and finished in one turn never written) and loads entries in
/// the file's order (by the instant received, then by when first stored), so a router rebuilt from
/// it sees what one rebuilt from the file would. Unlike `VolatileStore`, which keeps nothing because
/// nothing of its process survives, this one outlives the router it serves.
package final class MemoryStore: EntryStore {
    /// Live entries by id, each with the order it was first stored in (a row's rowid in the file).
    private var entries: [String: (order: Int, record: EntryRecord)] = [:]
    private var nextOrder = 0
    private var seen: [SeenKey] = []
    private var largestNumber: Int64 = 0
    private var issued = IssuedNumbers()
    /// How long a seen key is kept (R18), as the file's store prunes its keys.
    private let seenWindowMilliseconds: Int64

    package init(seenWindowMilliseconds: Int64) {
        self.seenWindowMilliseconds = seenWindowMilliseconds
    }

    package var location: String { "<in-process memory>" }

    package func load() throws(StoreError) -> StoredState {
        let ordered = entries.values.sorted { ($0.record.received, $0.order) < ($1.record.received, $1.order) }
        return StoredState(entries: ordered.map(\.record), seen: seen, nextEntryNumber: UInt64(largestNumber) + 1,
                           issued: issued)
    }

    package func commit(_ records: [Record]) throws(StoreError) {
        let changes = RecordChanges(records)
        for entry in changes.entries {
            if let number = RecordChanges.generatedNumber(of: entry.id) { largestNumber = max(largestNumber, number) }
        }
        for entry in changes.live {
            if let kept = entries[entry.id] {
                entries[entry.id] = (kept.order, entry)
            } else {
                entries[entry.id] = (nextOrder, entry)
                nextOrder += 1
            }
        }
        for id in changes.finished { entries[id] = nil }
        if let numbers = changes.issued { issued = issued.union(numbers) }
        guard let newest = changes.seen.map(\.at.milliseconds).max() else { return }
        seen.append(contentsOf: changes.seen)
        seen.removeAll { $0.at.milliseconds < newest - seenWindowMilliseconds }
    }

    package func integrityCheck() throws(StoreError) -> String { "ok" }
}
