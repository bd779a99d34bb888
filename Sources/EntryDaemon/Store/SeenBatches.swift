import CSQLite
import EntryRouter

/// The `seen_batches` table: the dedupe window's keys (R18), each commit's keys packed into one row
/// (`SeenKeyPacking`) under the instant of its newest key.
///
/// A commit prunes whole rows: those whose newest key is older than the window before the newest key
/// it commits. A kept row can so hold keys that are already out of the window; loading drops them by
/// the same rule, so a load returns what a table of one row per key, pruned key by key, returned.
enum SeenBatches {
    static let insert = "INSERT INTO seen_batches (newest_ms, keys) VALUES (?1, ?2)"
    static let prune = "DELETE FROM seen_batches WHERE newest_ms < ?1"
    /// Oldest row first; the index on `newest_ms` is ordered so, ties by rowid (order of commit).
    static let select = "SELECT keys FROM seen_batches ORDER BY newest_ms, rowid"

    /// How many keys of version 4's table go into one row when it is packed.
    static let keysPerPackedRow = 1024

    /// Adds `keys` as one row and prunes the rows out of the window; `packed` is scratch kept by the
    /// caller from one commit to the next.
    static func write(_ keys: [SeenKey], window: Int64, packed: inout [UInt8], to database: Database)
        throws(SQLiteError)
    {
        guard let newest = keys.lazy.map(\.at.milliseconds).max() else { return }
        try insertRow(of: keys, newest: newest, packed: &packed, into: database)
        try database.cached(prune).run([.integer(newest - window)])
    }

    private static func insertRow(of keys: [SeenKey], newest: Int64, packed: inout [UInt8], into database: Database)
        throws(SQLiteError)
    {
        packed.removeAll(keepingCapacity: true)
        SeenKeyPacking.append(keys, to: &packed)
        try database.cached(insert).run { (parameters: inout Statement.Parameters) throws(SQLiteError) in
            try parameters.integer(newest)
            try parameters.blob(packed)
        }
    }

    /// Every stored key inside the window before the newest one, oldest row first, each (key, instant)
    /// once.
    static func load(from database: Database, window: Int64) throws(SQLiteError) -> [SeenKey] {
        var keys: [SeenKey] = []
        try database.prepare(select).query { (row: Statement) throws(SQLiteError) in
            guard row.withBlobBytes(0, { SeenKeyPacking.unpack($0, into: &keys) }) == true else {
                throw SQLiteError(code: SQLITE_CORRUPT, message: "a row of seen keys that this entryd cannot read",
                                  path: database.path)
            }
        }
        guard let newest = keys.lazy.map(\.at.milliseconds).max() else { return [] }
        return distinct(keys.filter { $0.at.milliseconds >= newest - window })
    }

    /// `keys` without the repeats of a key at the same instant. A commit may hold one twice, and
    /// two commits in the same millisecond may each hold it, as one row per key never did; a turn's
    /// keys share their instant, so repeats are looked for within each run of one instant.
    private static func distinct(_ keys: [SeenKey]) -> [SeenKey] {
        var kept: [SeenKey] = []
        kept.reserveCapacity(keys.count)
        var inRun = Set<DedupeKey>()
        for key in keys {
            if key.at != kept.last?.at { inRun.removeAll(keepingCapacity: true) }
            if inRun.insert(key.name).inserted { kept.append(key) }
        }
        return kept
    }

    /// Version 6's step: version 4's `seen` (a row per key) packed into `seen_batches`, in time order,
    /// `keysPerPackedRow` keys a row; then `seen` is dropped.
    static func packRowsOfVersionFour(_ database: Database) throws(SQLiteError) {
        var batch: [SeenKey] = []
        var packed: [UInt8] = []
        let rows = try database.prepare("SELECT key, at_ms FROM seen ORDER BY at_ms, key")
        try rows.query { (row: Statement) throws(SQLiteError) in
            batch.append(SeenKey(key: row.text(0) ?? "", at: Instant(milliseconds: row.int64(1))))
            guard batch.count == keysPerPackedRow else { return }
            try insertRow(of: batch, newest: row.int64(1), packed: &packed, into: database)
            batch.removeAll(keepingCapacity: true)
        }
        if let newest = batch.last?.at.milliseconds {
            try insertRow(of: batch, newest: newest, packed: &packed, into: database)
        }
        try database.execute("DROP TABLE seen")
    }
}
