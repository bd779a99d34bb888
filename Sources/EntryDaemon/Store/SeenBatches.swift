import CSQLite
import EntryKit
import EntryRouter

/// The `seen_batches` table: the dedupe window's keys (R18), each commit's keys packed into one row
/// (`SeenKeyPacking`) under the instant of its newest key.
///
/// A commit prunes whole rows: those whose newest key is older than the window before the newest key
/// it commits. A kept row can so hold keys that a table of one row per key, pruned key by key by every
/// later commit, would have lost; loading drops them by that rule (a key goes when it is older than the
/// window before the newest key of any commit from its own on), so a load returns the keys that table
/// held, even after the wall clock went back. They come in commit order, which is time order while the
/// clock only moves on. A key committed twice at one instant comes back twice: the router restores it
/// once, as it compares keys byte for byte, where a set of strings here would merge keys that are
/// canonically equivalent text but different ids.
enum SeenBatches {
    static let insert = "INSERT INTO seen_batches (newest_ms, keys) VALUES (?1, ?2)"
    static let prune = "DELETE FROM seen_batches WHERE newest_ms < ?1"
    /// In commit order: a row's rowid is one more than the largest, and the latest commit's row is
    /// never pruned before a later one is added.
    static let select = "SELECT newest_ms, keys FROM seen_batches ORDER BY rowid"

    /// How many keys of version 4's table go into one row when it is packed.
    static let keysPerPackedRow = 1024

    static let selectPruned = "SELECT keys FROM seen_batches WHERE newest_ms < ?1"
    static let selectOldest = "SELECT rowid, keys FROM seen_batches ORDER BY rowid LIMIT 1"
    static let deleteRow = "DELETE FROM seen_batches WHERE rowid = ?1"
    static let selectAll = "SELECT keys FROM seen_batches"

    /// Adds `keys` as one row and prunes the rows out of the window, then the oldest rows while the
    /// rest hold `maxKeys` keys or more, so the file keeps the newest `maxKeys` keys and at most one
    /// row's worth more, whatever the rate of new ids. `stored` is the count of keys the table holds,
    /// kept up to date here; `packed` is scratch kept by the caller from one commit to the next.
    static func write(_ keys: [SeenKey], window: Int64, maxKeys: Int, stored: inout Int, packed: inout [UInt8],
                      to database: Database) throws(SQLiteError)
    {
        guard let newest = keys.lazy.map(\.at.milliseconds).max() else { return }
        try insertRow(of: keys, newest: newest, packed: &packed, into: database)
        stored += keys.count
        try database.cached(selectPruned).query([.integer(newest - window)]) { (row: Statement) throws(SQLiteError) in
            stored -= try keyCount(of: row, column: 0, in: database)
        }
        try database.cached(prune).run([.integer(newest - window)])
        while stored > maxKeys {
            var oldest: (rowid: Int64, keys: Int)?
            try database.cached(selectOldest).query { (row: Statement) throws(SQLiteError) in
                oldest = (row.int64(0), try keyCount(of: row, column: 1, in: database))
            }
            guard let oldest, stored - oldest.keys >= maxKeys else { break }
            try database.cached(deleteRow).run([.integer(oldest.rowid)])
            stored -= oldest.keys
        }
    }

    /// How many keys the table holds: read once, when a store first writes keys.
    static func storedKeyCount(in database: Database) throws(SQLiteError) -> Int {
        var stored = 0
        try database.prepare(selectAll).query { (row: Statement) throws(SQLiteError) in
            stored += try keyCount(of: row, column: 0, in: database)
        }
        return stored
    }

    private static func keyCount(of row: Statement, column: Int32, in database: Database) throws(SQLiteError) -> Int {
        guard let count = row.withBlobBytes(column, { SeenKeyPacking.count(BufferView($0)) }) ?? 0 else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "a row of seen keys that this entryd cannot read",
                              path: database.path)
        }
        return count
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

    /// Every stored key that no commit from its own on has put out of the window, in commit order.
    static func load(from database: Database, window: Int64) throws(SQLiteError) -> [SeenKey] {
        var keys: [SeenKey] = []
        var rows: [(newest: Int64, end: Int)] = []
        try database.prepare(select).query { (row: Statement) throws(SQLiteError) in
            guard row.withBlobBytes(1, { SeenKeyPacking.unpack(BufferView($0), into: &keys) }) == true else {
                throw SQLiteError(code: SQLITE_CORRUPT, message: "a row of seen keys that this entryd cannot read",
                                  path: database.path)
            }
            rows.append((row.int64(0), keys.count))
        }
        // From the latest row back, each row's newest becomes the newest key of that row and every later
        // one: what the commits from that row on pruned against.
        for index in rows.indices.reversed().dropFirst() {
            rows[index].newest = max(rows[index].newest, rows[index + 1].newest)
        }
        var kept: [SeenKey] = []
        kept.reserveCapacity(keys.count)
        var start = 0
        for row in rows {
            kept.append(contentsOf: keys[start..<row.end].lazy.filter { $0.at.milliseconds >= row.newest - window })
            start = row.end
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
