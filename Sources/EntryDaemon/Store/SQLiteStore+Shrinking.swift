import EntryHost
import EntryRouter

/// The file gives back the space of entries that are gone.
///
/// The store keeps only live entries, so its size follows the inbox: a burst of 100 000 pending entries
/// makes a file of tens of megabytes, and once they finish their pages are free but still part of the
/// file. The file runs with `auto_vacuum = INCREMENTAL`: freed pages go to a free list that later
/// commits reuse, and that a shrink cuts off the end of the file.
///
/// Shrinking rides on commits, like the seen keys' pruning, after the commit's transaction is durable:
/// at most once a minute of commit time, and only when the free list holds at least `shrinkThreshold`
/// pages. Below that, the free pages are the churn of entries coming and going, which the next commits
/// take again; cutting them off would only make the file grow back. One shrink frees at most
/// `shrinkPages` pages: moving a page to an earlier free slot writes it (and the pages that point to it)
/// to the write-ahead log, so a shrink writes about as much as one automatic checkpoint's worth of
/// log (1 000 pages) and costs one more fsync, a few milliseconds of the loop, never the time of a
/// whole emptied file. A file emptied of 100 000 entries is back to a few pages within minutes.
extension SQLiteStore {
    /// Free pages below which no shrink runs (4 MiB with 4 KiB pages).
    static let shrinkThreshold: Int64 = 1_024
    /// Pages one shrink frees at most.
    static let shrinkPages: Int64 = 1_024
    /// Milliseconds between shrinks.
    static let shrinkInterval: Int64 = 60_000

    /// Shrinks if the last look at the free list is long enough ago (or the clock went back past it).
    ///
    /// A failed shrink is not the commit's failure: the turn's records are already durable, so its
    /// replies may go. The free pages stay for the next shrink, and a disk that cannot be written shows
    /// in the next commit, which the daemon handles.
    func shrinkIfDue(at now: Instant) {
        if let lastShrink {
            let elapsed = now.milliseconds - lastShrink.milliseconds
            guard elapsed >= Self.shrinkInterval || elapsed < 0 else { return }
        }
        lastShrink = now
        _ = try? shrink()
    }

    /// Frees up to `limit` pages at the end of the file when at least `threshold` are free; returns how
    /// many pages the file lost.
    @discardableResult
    func shrink(threshold: Int64 = SQLiteStore.shrinkThreshold, limit: Int64 = SQLiteStore.shrinkPages) throws(StoreError) -> Int64 {
        do {
            let free = try database.scalarInt64("PRAGMA freelist_count") ?? 0
            guard free >= threshold, free > 0 else { return 0 }
            let before = try database.scalarInt64("PRAGMA page_count") ?? 0
            try database.execute("PRAGMA incremental_vacuum(\(min(free, limit)))")
            return before - (try database.scalarInt64("PRAGMA page_count") ?? before)
        } catch {
            throw StoreError(error, while: "cannot shrink the store")
        }
    }

    /// Gives a file made before schema 5 incremental auto-vacuum, which only a `VACUUM` (a rewrite of the
    /// whole file, outside any transaction) can switch on once a table exists. A new file has it from
    /// `configure`, before its first table. It runs after the migrations, so it copies only live entries,
    /// and on every open until it succeeded: a crash or a full disk in between leaves a file that works
    /// as before and is switched at the next start.
    static func enableShrinking(_ database: Database) {
        guard (try? database.scalarInt64("PRAGMA auto_vacuum")) != Self.incrementalAutoVacuum else { return }
        try? database.execute("PRAGMA auto_vacuum = INCREMENTAL")
        try? database.execute("VACUUM")
    }

    /// `PRAGMA auto_vacuum`'s value for `INCREMENTAL`.
    static let incrementalAutoVacuum: Int64 = 2
}
