import EntryRouter
import Testing
@testable import EntryDaemon

/// A store written by an older entryd reaches the current schema when opened, keeps what it held, and
/// the statements the daemon runs on every turn stay cheap on it.
@Suite struct StoreMigrationTests {
    /// A file at schema version 1, as entryd 0.1 left it: one live and one finished entry.
    private func versionOneStore(at path: String) throws {
        let database = try Database(path: path)
        try database.execute(Migrations.steps[0].sql)
        try database.execute("PRAGMA user_version = 1")
        try database.execute("PRAGMA application_id = \(Migrations.applicationID)")
        try database.execute("""
            INSERT INTO entries (id, source, route, params, received_ms, state)
            VALUES ('e-2', 'push', 'invitation', '{}', 2000, 'done'),
                   ('e-1', 'push', 'invitation', '{"sessionId":"abc"}', 1000, 'pending')
            """)
    }

    /// A file at schema version 2: version 1's rows under the live index of version 2.
    private func versionTwoStore(at path: String) throws {
        try versionOneStore(at: path)
        let database = try Database(path: path)
        try database.execute(Migrations.steps[1].sql)
        try database.execute("PRAGMA user_version = 2")
    }

    /// A file at schema version 3: version 2's rows, seen keys in the rowid table of version 1, and the
    /// largest number a prune recorded.
    private func versionThreeStore(at path: String, prunedLargest: Int64?) throws {
        try versionTwoStore(at: path)
        let database = try Database(path: path)
        try database.execute(Migrations.steps[2].sql)
        try database.execute("PRAGMA user_version = 3")
        try database.execute("INSERT INTO seen (key, at_ms) VALUES ('id:b', 6000), ('id:a', 5000)")
        if let prunedLargest {
            try database.execute("INSERT INTO meta (key, value) VALUES ('largest_entry_number', \(prunedLargest))")
        }
    }

    /// Version 4 keeps the largest number only in `meta` (the larger of the one a prune recorded and the
    /// one still stored), and the seen keys reach version 6's packed rows in time order.
    @Test(arguments: [nil, 1, 9] as [Int64?])
    func aVersionThreeStoreKeepsItsSeenKeysAndItsNumbering(prunedLargest: Int64?) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try versionThreeStore(at: path, prunedLargest: prunedLargest)
        let store = try SQLiteStore(path: path)
        let loaded = try store.load()
        #expect(loaded.seen.map(\.key) == ["id:a", "id:b"])
        #expect(loaded.entries.map(\.id) == ["e-1"])
        #expect(loaded.nextEntryNumber == UInt64(max(prunedLargest ?? 0, 2)) + 1)
        #expect(try store.database.scalarInt64("SELECT count(*) FROM sqlite_schema WHERE name = 'entries_number'") == 0)
        #expect(try store.database.scalarInt64("SELECT count(*) FROM sqlite_schema WHERE tbl_name = 'seen'") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    /// A file at schema version 4: version 3's rows (with the largest number 9 recorded), two more live
    /// entries received at the same instant as `e-1` and stored after it, and history: finished entries
    /// with their last change.
    private func versionFourStore(at path: String) throws {
        try versionThreeStore(at: path, prunedLargest: 9)
        let database = try Database(path: path)
        try database.execute(Migrations.steps[3].sql)
        try database.execute("PRAGMA user_version = 4")
        try database.execute("""
            INSERT INTO entries (id, source, route, params, received_ms, state, scene, changed_ms)
            VALUES ('z', 'push', 'invitation', '{"sessionId":"z"}', 1000, 'queued', 'main', 3000),
                   ('e-3', 'deeplink', 'records', '{}', 500, 'replaced', NULL, 3000),
                   ('a', 'push', 'invitation', '{}', 1000, 'presenting', 'main', 3000),
                   ('e-4', 'push', 'invitation', '{}', 4000, 'expired', NULL, 4000)
            """)
    }

    /// Version 5 keeps only live entries: every older store loses its finished rows and the columns
    /// only history needed, and keeps its live rows in their order, its seen keys and its numbering.
    @Test(arguments: 1...4)
    func anOlderStoreKeepsOnlyItsLiveEntries(version: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        switch version {
        case 1: try versionOneStore(at: path)
        case 2: try versionTwoStore(at: path)
        case 3: try versionThreeStore(at: path, prunedLargest: nil)
        default: try versionFourStore(at: path)
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.database.scalarInt64("PRAGMA user_version") == Int64(Migrations.latestVersion))
        let live = version == 4 ? ["e-1", "z", "a"] : ["e-1"]
        var stored: [String] = []
        try store.database.prepare("SELECT id FROM entries ORDER BY rowid").query { (row: Statement) throws(SQLiteError) in
            stored.append(row.text(0) ?? "")
        }
        #expect(stored == live)
        let loaded = try store.load()
        #expect(loaded.entries.map(\.id) == live)
        #expect(loaded.entries.first?.params == ["sessionId": "abc"])
        #expect(loaded.nextEntryNumber == (version == 4 ? 10 : 3))
        #expect(loaded.seen.map(\.key) == (version >= 3 ? ["id:a", "id:b"] : []))
        #expect(try store.database.scalarInt64("""
            SELECT count(*) FROM pragma_table_xinfo('entries') WHERE name IN ('changed_ms', 'number')
            """) == 0)
        #expect(try store.database.scalarText("SELECT sql FROM sqlite_schema WHERE name = 'entries'")?
            .contains("json_valid") == false)
        #expect(try store.database.scalarInt64("SELECT count(*) FROM sqlite_schema WHERE tbl_name = 'entries'") == 3)
        #expect(try store.integrityCheck() == "ok")
    }

    /// A file at schema version 5: version 4's rows, and `count` more seen keys in version 4's table,
    /// two a millisecond, with one key that is not ASCII and one seen at two instants.
    private func versionFiveStore(at path: String, moreSeenKeys count: Int) throws {
        try versionFourStore(at: path)
        let database = try Database(path: path)
        try database.execute(Migrations.steps[4].sql)
        try database.execute("PRAGMA user_version = 5")
        try database.execute("""
            WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < \(count))
            INSERT INTO seen (key, at_ms) SELECT 'id:k' || value, 10000 + value / 2 FROM n;
            INSERT INTO seen (key, at_ms) VALUES ('launch:app://caf\u{E9}', 7000), ('id:a', 9000);
            """)
    }

    /// Version 6 packs the seen keys into rows of `keysPerPackedRow`: loading returns every key version
    /// 5 held, in its order, and its table is gone.
    @Test func theSeenKeysOfAVersionFiveStoreArePackedInOrder() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let count = 2 * SeenBatches.keysPerPackedRow + 100
        try versionFiveStore(at: path, moreSeenKeys: count)
        var before: [SeenKey] = []
        try Database(path: path).prepare("SELECT key, at_ms FROM seen ORDER BY at_ms, key").query {
            (row: Statement) throws(SQLiteError) in
            before.append(SeenKey(key: row.text(0) ?? "", at: Instant(milliseconds: row.int64(1))))
        }
        #expect(before.count == count + 4)
        let store = try SQLiteStore(path: path)
        #expect(try store.load().seen == before)
        #expect(try store.database.scalarInt64("SELECT count(*) FROM seen_batches") == 3)
        #expect(try store.database.scalarInt64("SELECT count(*) FROM sqlite_schema WHERE tbl_name = 'seen'") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    /// A fresh store and a migrated one have the same schema.
    @Test func aMigratedStoreHasTheSchemaOfANewOne() throws {
        let directory = TemporaryDirectory()
        let migratedPath = directory.file("old.sqlite")
        try versionFourStore(at: migratedPath)
        let schema = { (store: SQLiteStore) throws -> String? in
            try store.database.scalarText("SELECT group_concat(type || ' ' || name || ': ' || ifnull(sql, ''), '; ') FROM "
                + "(SELECT * FROM sqlite_schema ORDER BY name)")
        }
        let migrated = try schema(SQLiteStore(path: migratedPath))
        #expect(migrated != nil)
        #expect(try migrated == schema(SQLiteStore(path: directory.file("new.sqlite"))))
    }

    @Test func aVersionOneStoreIsMigratedAndKeepsItsEntries() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try versionOneStore(at: path)
        let loaded = try SQLiteStore(path: path).load()
        #expect(loaded.entries.map(\.id) == ["e-1"])
        #expect(loaded.entries.first?.params == ["sessionId": "abc"])
        #expect(loaded.nextEntryNumber == 3)
        let database = try Database(path: path, mode: .readOnly)
        #expect(try database.scalarInt64("PRAGMA user_version") == Int64(Migrations.latestVersion))
    }

    /// An `IN (…)` list in the live index's condition made SQLite build temporary b-trees on every upsert.
    @Test func upsertingAnEntryBuildsNoTemporaryTable() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        _ = try SQLiteStore(path: path)
        let database = try Database(path: path, mode: .readOnly)
        var opcodes: [String] = []
        try database.prepare("EXPLAIN " + SQLiteStore.upsertEntry).query { (row: Statement) throws(SQLiteError) in
            opcodes.append(row.text(1) ?? "")
        }
        #expect(opcodes.contains("Insert"))
        #expect(!opcodes.contains("OpenEphemeral"))
    }

    @Test func loadingLiveEntriesWalksTheIndexWithoutSorting() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try versionOneStore(at: path)
        _ = try SQLiteStore(path: path)
        let database = try Database(path: path, mode: .readOnly)
        var plan: [String] = []
        try database.prepare("EXPLAIN QUERY PLAN " + SQLiteStore.selectLiveEntries).query { (row: Statement) throws(SQLiteError) in
            plan.append(row.text(3) ?? "")
        }
        #expect(plan == ["SCAN entries USING INDEX entries_live"])
    }
}
