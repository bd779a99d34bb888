import EntryRouter

/// Retention: finished entries are deleted one dedupe window after their last change.
///
/// A finished entry (`done`, `replaced`, `expired`, …) is never read again by the daemon: loading takes
/// only live entries, and duplicates are told by the seen keys. It is kept for one window as history
/// for whoever inspects the file, then deleted, so the file stops growing with the daemon's age: SQLite
/// reuses the freed pages for new entries. Live entries are never pruned, however old.
///
/// Prunes find their rows by sweeping the table in rowid order, which is the order entries were first
/// written and so, but for a wall clock set back, the order they were received. No index on the last
/// change is kept: it would cost every upsert of an entry that finishes (one more b-tree insert, about
/// 7 % of a stored push), while a sweep reads rows that are already in order. A sweep stops being
/// useful at the first row received after the cutoff, since an entry cannot change before it arrives:
/// there it ends, and the next prune starts again from the first row. The rows it passes over and
/// keeps are live entries (at most `--max-pending`) and those that finished late.
///
/// Pruning rides on commits rather than a timer of its own: a store that commits nothing gains nothing
/// to prune. It runs at most once a minute of commit time, after the commit's transaction is durable,
/// in its own transaction, and reads at most `pruneBatch` rows, so one prune holds the loop for a few
/// milliseconds at most. A sweep that has not reached its end is a backlog (a store opened after a long
/// time, or one from before retention), and goes on one batch a second.
extension SQLiteStore {
    /// Rows one prune reads, and so deletes, at most.
    static let pruneBatch = 2_000
    /// Milliseconds between prunes once a sweep has ended.
    static let pruneInterval: Int64 = 60_000
    /// Milliseconds between prunes while a sweep goes on.
    static let backlogPruneInterval: Int64 = 1_000

    /// Prunes if the last prune is long enough ago (or the clock went back past it).
    ///
    /// A failed prune is not the commit's failure: the turn's records are already durable, so its
    /// replies may go. The rows it would have deleted stay for the next prune, and a disk that cannot
    /// be written shows in the next commit, which the daemon handles.
    func pruneIfDue(at now: Instant) {
        if let lastPrune {
            let elapsed = now.milliseconds - lastPrune.milliseconds
            let interval = sweepAfter == 0 ? Self.pruneInterval : Self.backlogPruneInterval
            guard elapsed >= interval || elapsed < 0 else { return }
        }
        lastPrune = now
        _ = try? prune(changedBefore: now.milliseconds - seenWindowMilliseconds)
    }

    /// Sweeps on over at most `limit` rows, deletes those that are finished entries last changed before
    /// `cutoff` (milliseconds), and returns how many it deleted. Before deleting, it records the largest
    /// generated entry number stored, in the same transaction, so numbering goes on after the newest
    /// entries are gone. Nothing is written when nothing is deleted.
    @discardableResult
    func prune(changedBefore cutoff: Int64, limit: Int = SQLiteStore.pruneBatch) throws(StoreError) -> Int {
        do {
            var doomed: [Int64] = []
            var read = 0
            var last = sweepAfter
            var reachedRecent = false
            try database.cached(Self.sweep).query([.integer(sweepAfter), .integer(Int64(limit)), .integer(cutoff)]) {
                (row: Statement) throws(SQLiteError) in
                read += 1
                last = row.int64(0)
                if row.int64(1) != 0 { doomed.append(last) }
                if row.int64(2) >= cutoff { reachedRecent = true }
            }
            if !doomed.isEmpty {
                try database.immediateTransaction { () throws(SQLiteError) in
                    try database.cached(Self.recordLargestNumber).run()
                    let delete = try database.cached(Self.deleteRow)
                    for rowid in doomed { try delete.run([.integer(rowid)]) }
                }
            }
            sweepAfter = reachedRecent || read < limit ? 0 : last
            return doomed.count
        } catch {
            throw StoreError(error, while: "cannot prune finished entries")
        }
    }

    // MARK: - Statements

    /// The next rows of the sweep: rowid, whether the row is to be deleted, and when it was received.
    static let sweep = """
        SELECT rowid,
               state <> 'pending' AND state <> 'queued' AND state <> 'presenting' AND changed_ms < ?3,
               received_ms
        FROM entries WHERE rowid > ?1 ORDER BY rowid LIMIT ?2
        """

    private static let deleteRow = "DELETE FROM entries WHERE rowid = ?1"

    /// The key in `meta` of the largest generated entry number ever stored.
    private static let largestNumberKey = "largest_entry_number"

    /// Raises the recorded largest number to the largest stored one (read from `entries_number`); a
    /// store with no generated id records nothing. (`WHERE true` keeps SQLite from reading the upsert's
    /// `ON` as a join's.)
    static let recordLargestNumber = """
        INSERT INTO meta (key, value)
        SELECT '\(largestNumberKey)', max(number) FROM entries WHERE true HAVING max(number) IS NOT NULL
        ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)
        """

    static let selectLargestPrunedNumber = "SELECT value FROM meta WHERE key = '\(largestNumberKey)'"
}
