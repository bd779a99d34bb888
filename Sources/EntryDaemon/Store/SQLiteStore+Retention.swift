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
/// 3 900 instructions or 6 % of a stored push), while a sweep reads rows that are already in order. A sweep stops being
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
    /// `cutoff` (milliseconds), and returns how many it deleted. Generated entry numbers need no care
    /// here: the largest one is in `meta` since the commit that stored it.
    @discardableResult
    func prune(changedBefore cutoff: Int64, limit: Int = SQLiteStore.pruneBatch) throws(StoreError) -> Int {
        do {
            // The sweep's one row is read, and the statement reset, before the delete writes.
            var (last, read, doomed, reachedRecent): (Int64?, Int64, Int64, Bool) = (nil, 0, 0, false)
            try database.cached(Self.sweep).query([.integer(sweepAfter), .integer(Int64(limit)), .integer(cutoff)]) {
                (row: Statement) throws(SQLiteError) in
                (last, read, doomed, reachedRecent) = (row.optionalInt64(0), row.int64(1), row.int64(2), row.int64(3) != 0)
            }
            guard let last else {
                sweepAfter = 0
                return 0
            }
            var deleted = 0
            if doomed > 0 {
                try database.immediateTransaction { () throws(SQLiteError) in
                    try database.cached(Self.deleteFinished).run([.integer(sweepAfter), .integer(last), .integer(cutoff)])
                    deleted = database.changes
                }
            }
            sweepAfter = reachedRecent || read < limit ? 0 : last
            return deleted
        } catch {
            throw StoreError(error, while: "cannot prune finished entries")
        }
    }

    // MARK: - Statements

    /// The condition of a row to prune, given the cutoff as `?3`.
    private static let prunable = "state <> 'pending' AND state <> 'queued' AND state <> 'presenting' AND changed_ms < ?3"

    /// The sweep's next rows after rowid `?1`, at most `?2`: the last rowid read, how many were read,
    /// how many are to be deleted, and whether one was received at or after the cutoff. One row of
    /// aggregates, so no rowid is carried over into Swift.
    static let sweep = """
        SELECT max(rowid), count(*), sum(\(prunable)), max(received_ms >= ?3)
        FROM (SELECT rowid, state, changed_ms, received_ms FROM entries WHERE rowid > ?1 ORDER BY rowid LIMIT ?2)
        """

    /// Deletes the prunable rows of the range the sweep read, rowids `?1` (excluded) to `?2`.
    static let deleteFinished = "DELETE FROM entries WHERE rowid > ?1 AND rowid <= ?2 AND \(prunable)"
}
