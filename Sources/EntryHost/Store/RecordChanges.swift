import EntryKit
import EntryRouter

/// What one commit does to a store: a turn's records folded to one change per entry. Every store
/// that keeps records folds them alike (the SQLite file, and the in-memory store a test's process
/// keeps), so both hold the same entries after the same turns.
///
/// Each entry counts once, by its last record in the turn, in the order entries first appear (the
/// rowids of new rows keep that order, which orders entries received at the same instant). A live
/// last record is an upsert. A final one is a delete, unless the entry's first record in the turn
/// was its arrival: then it was never stored and the commit writes nothing for it. Under the bench's
/// load most pushes are replaced in the turn they arrive in, and so cost the store nothing but
/// their seen key. SQLite work per statement is far more than a hash of the id.
package struct RecordChanges {
    /// Every entry of the turn by its last record, stored or not: generated numbers count for all.
    package private(set) var entries: [EntryRecord] = []
    /// Entries to upsert, their last record live.
    package private(set) var live: [EntryRecord] = []
    /// Ids of entries to delete: finished, and perhaps stored by an earlier commit.
    package private(set) var finished: [String] = []
    package private(set) var seen: [SeenKey] = []
    /// The highest modal and screen numbers the turn issued; nil when it issued none.
    package private(set) var issued: IssuedNumbers?

    package init(_ records: [Record]) {
        var arrived: [Bool] = []
        var index = EntryIndex(capacity: records.count)
        entries.reserveCapacity(records.count)
        arrived.reserveCapacity(records.count)
        for record in records {
            switch record {
            case .entry(let entry):
                if let position = index.position(of: entry.id, in: entries, elseAddAt: entries.count) {
                    entries[position] = entry
                } else {
                    entries.append(entry)
                    arrived.append(entry.isArrival)
                }
            case .seen(let key):
                seen.append(key)
            case .issued(let numbers):
                issued = issued.map { $0.union(numbers) } ?? numbers
            }
        }
        for (entry, arrivedInTurn) in zip(entries, arrived) {
            if entry.isLive {
                live.append(entry)
            } else if !arrivedInTurn {
                finished.append(entry.id)
            }
        }
    }
}
extension RecordChanges {
    /// Where each entry of a commit is in its `entries`, by id: open addressing with linear probing over
    /// at least twice as many slots as records, keyed by `KeyHash` of the id's bytes. Not a
    /// `[String: Int]`, whose seeded `Hasher` over the id would cost more per lookup than the rest of
    /// the fold.
    package struct EntryIndex {
        /// A position in `entries` plus one; 0 for an empty slot.
        private var slots: [Int32]
        private let mask: Int

        package init(capacity: Int) {
            var count = 16
            while count < 2 * capacity { count *= 2 }
            slots = Array(repeating: 0, count: count)
            mask = count - 1
        }

        /// The position of the entry with `id` if it was added; else nil, and `id` is added at `newPosition`.
        package mutating func position(of id: String, in entries: [EntryRecord], elseAddAt newPosition: Int) -> Int? {
            var slot = Int(truncatingIfNeeded: KeyHash.hash(id, seed: 0)) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                if Self.sameBytes(entries[position].id, id) { return position }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(newPosition + 1)
            return nil
        }

        /// Whether two ids are the same bytes, as the inbox and the table's key tell ids apart: `==`
        /// compares text, and takes two ids that are canonically equivalent for one. Its false is final
        /// (the same bytes are the same text) and cheap; its true is checked byte for byte.
        package static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a == b else { return false }
            let compared = a.utf8.withContiguousStorageIfAvailable { first in
                b.utf8.withContiguousStorageIfAvailable { second in first.elementsEqual(second) }
            }
            return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }

    /// `N` for an id `e-N` (digits only, 20 characters at most), the ids the router generates; nil for
    /// any other id. A store keeps the largest it ever stored, so that no generated id repeats.
    package static func generatedNumber(of id: String) -> Int64? {
        var utf8 = id.utf8.makeIterator()
        guard id.utf8.count > 2, id.utf8.count <= 20, utf8.next() == UInt8(ascii: "e"), utf8.next() == UInt8(ascii: "-")
        else { return nil }
        var number: Int64 = 0
        while let byte = utf8.next() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return number
    }
}
