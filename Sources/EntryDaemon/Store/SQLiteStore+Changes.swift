import EntryRouter
import EntryKit

extension SQLiteStore {
    /// What one commit does to the file: a turn's records folded to one change per entry.
    ///
    /// Each entry counts once, by its last record in the turn, in the order entries first appear (the
    /// rowids of new rows keep that order, which orders entries received at the same instant). A live
    /// last record is an upsert. A final one is a delete, unless the entry's first record in the turn
    /// was its arrival: then it was never stored and the commit writes nothing for it. Under the bench's
    /// load most pushes are replaced in the turn they arrive in, and so cost the store nothing but
    /// their seen key. SQLite work per statement is far more than a hash of the id.
    struct Changes {
        /// Every entry of the turn by its last record, stored or not: generated numbers count for all.
        private(set) var entries: [EntryRecord] = []
        /// Entries to upsert, their last record live.
        private(set) var live: [EntryRecord] = []
        /// Ids of entries to delete: finished, and perhaps stored by an earlier commit.
        private(set) var finished: [String] = []
        private(set) var seen: [SeenKey] = []
        /// The highest modal and screen numbers the turn issued; nil when it issued none.
        private(set) var issued: IssuedNumbers?

        init(_ records: [Record]) {
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

    /// Where each entry of a commit is in its `entries`, by id: open addressing with linear probing over
    /// at least twice as many slots as records, keyed by `KeyHash` of the id's bytes. Not a
    /// `[String: Int]`, whose seeded `Hasher` over the id would cost more per lookup than the rest of
    /// the fold.
    struct EntryIndex {
        /// A position in `entries` plus one; 0 for an empty slot.
        private var slots: [Int32]
        private let mask: Int

        init(capacity: Int) {
            var count = 16
            while count < 2 * capacity { count *= 2 }
            slots = Array(repeating: 0, count: count)
            mask = count - 1
        }

        /// The position of the entry with `id` if it was added; else nil, and `id` is added at `newPosition`.
        mutating func position(of id: String, in entries: [EntryRecord], elseAddAt newPosition: Int) -> Int? {
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
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a == b else { return false }
            let compared = a.utf8.withContiguousStorageIfAvailable { first in
                b.utf8.withContiguousStorageIfAvailable { second in first.elementsEqual(second) }
            }
            return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }
    }
}
