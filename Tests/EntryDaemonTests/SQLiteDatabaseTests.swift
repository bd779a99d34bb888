import CSQLite
import Testing
@testable import EntryDaemon

@Suite struct SQLiteDatabaseTests {
    private func database() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, size INTEGER)")
        return database
    }

    private func names(_ database: Database) throws -> [String?] {
        var names: [String?] = []
        try database.prepare("SELECT name FROM t ORDER BY id").query { (row: Statement) throws(SQLiteError) in
            names.append(row.text(0))
        }
        return names
    }

    @Test(arguments: ["plain", "", "ünïcødé 🎉", "with\0nul", "quote ' and \"double\""])
    func textRoundTripsExactly(text: String) throws {
        let database = try database()
        try database.prepare("INSERT INTO t (id, name) VALUES (?1, ?2)").run([.integer(1), .text(text)])
        #expect(try names(database) == [text])
        #expect(try database.scalarInt64("SELECT name IS NULL FROM t") == 0)
    }

    @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
    func integersRoundTrip(value: Int64) throws {
        let database = try database()
        try database.prepare("INSERT INTO t (id, size) VALUES (1, ?1)").run([.integer(value)])
        #expect(try database.scalarInt64("SELECT size FROM t") == value)
    }

    /// A reused statement forgets the last run's values: parameters not given this time are NULL.
    @Test func parametersNotGivenAreNullOnReuse() throws {
        let database = try database()
        let insert = try database.prepare("INSERT INTO t (id, name) VALUES (?1, ?2)")
        try insert.run([.integer(1), .text("first")])
        try insert.run([.integer(2)])
        #expect(try names(database) == ["first", nil])
    }

    @Test func nullBindsAsNull() throws {
        let database = try database()
        try database.prepare("INSERT INTO t (id, name, size) VALUES (1, ?1, ?2)").run([SQLiteValue(nil as String?), .null])
        let row = try database.prepare("SELECT name, size FROM t")
        #expect(try row.step())
        #expect(row.text(0) == nil)
        #expect(row.optionalInt64(1) == nil)
        #expect(row.isNull(1))
    }

    @Test func cachedStatementIsReusedWithFreshBindings() throws {
        let database = try database()
        let insert = try database.cached("INSERT INTO t (id, name) VALUES (?1, ?2)")
        #expect(try database.cached("INSERT INTO t (id, name) VALUES (?1, ?2)") === insert)
        try insert.run([.integer(1), .text("a")])
        try insert.run([.integer(2), .null])
        #expect(try names(database) == ["a", nil])
    }

    @Test func transactionCommitsItsBody() throws {
        let database = try database()
        let count = try database.immediateTransaction { () throws(SQLiteError) -> Int64 in
            try database.execute("INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')")
            return try database.scalarInt64("SELECT count(*) FROM t") ?? 0
        }
        #expect(count == 2)
        #expect(database.isAutocommit)
        #expect(try names(database) == ["a", "b"])
    }

    @Test func failureInsideTransactionRollsBackAndCarriesSQLitesMessage() throws {
        let database = try database()
        try database.execute("INSERT INTO t (id, name) VALUES (1, 'kept')")
        let insert = "INSERT INTO t (id, name) VALUES (?1, ?2)"
        do {
            try database.immediateTransaction { () throws(SQLiteError) in
                try database.cached(insert).run([.integer(2), .text("rolled back")])
                try database.cached(insert).run([.integer(1), .text("duplicate")])
            }
            Issue.record("a duplicate primary key must fail")
        } catch {
            #expect(error.code == SQLITE_CONSTRAINT | (6 << 8), "SQLITE_CONSTRAINT_PRIMARYKEY, a macro Swift cannot import")
            #expect(error.primaryCode == SQLITE_CONSTRAINT)
            #expect(error.message.contains("UNIQUE constraint failed: t.id"))
            #expect(error.path == ":memory:")
            #expect(error.sql == insert)
        }
        #expect(database.isAutocommit)
        #expect(try names(database) == ["kept"])
        try database.cached(insert).run([.integer(3), .text("after")])
        #expect(try names(database) == ["kept", "after"])
    }

    @Test func syntaxErrorNamesTheStatementAndTheFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("syntax.sqlite")
        let database = try Database(path: path)
        #expect {
            _ = try database.prepare("SELEC 1")
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.primaryCode == SQLITE_ERROR && error.message.contains("syntax error")
                && error.description.hasPrefix(path + ": ") && error.description.contains("SELEC 1")
        }
    }

    @Test func openFailureCarriesTheOSReason() throws {
        let path = "/proc/entryd-no-such-directory/store.sqlite"
        #expect {
            _ = try Database(path: path)
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.primaryCode == SQLITE_CANTOPEN && error.path == path
                && error.reason.contains("no such file or directory")
        }
    }

    @Test func readOnlyModeRefusesWrites() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("ro.sqlite")
        try Database(path: path).execute("CREATE TABLE t (x)")
        let database = try Database(path: path, mode: .readOnly)
        #expect(database.isReadOnly)
        #expect {
            try database.execute("INSERT INTO t VALUES (1)")
        } throws: { error in
            (error as? SQLiteError)?.primaryCode == SQLITE_READONLY
        }
    }
}
