import EntryRouter

extension SQLiteStore {
    /// What one commit does to the file: a turn's records folded to one change per entry.
    ///
    /// Each entry counts once, by its last record in the turn, in the order entries first appear (the
    /// rowids of new rows keep that order, which orders entries received at the same instant). A live
    /// last record is an upsert. A final one is a delete, unless the entry's first record in the turn
    /// was its arrival: then it was never stored and the commit writes nothing for it. In the bench, 15
    /// of every 16 pushes are replaced in the turn they arrive in, and so cost the store nothing but
    /// their seen key. SQLite work per statement is far more than a hash of the id.
    struct Changes {
        /// Every entry of the turn by its last record, stored or not: generated numbers count for all.
        private(set) var entries: [EntryRecord] = []
        /// Entries to upsert, their last record live.
        private(set) var live: [EntryRecord] = []
        /// Ids of entries to delete: finished, and perhaps stored by an earlier commit.
        private(set) var finished: [String] = []
        private(set) var seen: [SeenKey] = []

        init(_ records: [Record]) {
            var arrived: [Bool] = []
            var position = [String: Int](minimumCapacity: records.count)
            entries.reserveCapacity(records.count)
            arrived.reserveCapacity(records.count)
            for record in records {
                switch record {
                case .entry(let entry):
                    if let index = position[entry.id] {
                        entries[index] = entry
                    } else {
                        position[entry.id] = entries.count
                        entries.append(entry)
                        arrived.append(entry.isArrival)
                    }
                case .seen(let key):
                    seen.append(key)
                }
            }
            for (entry, arrivedInTurn) in zip(entries, arrived) {
                if !entry.state.isTerminal {
                    live.append(entry)
                } else if !arrivedInTurn {
                    finished.append(entry.id)
                }
            }
        }
    }
}
