import Testing
@testable import EntryDaemon

/// Bound text lives in the statement's arena until the next bind; a value that does not fit makes the
/// arena take a larger buffer while earlier values of the same row still point into the old one.
@Suite struct SQLiteTextArenaTests {
    @Test func valuesOutgrowingTheArenaMidRowAllArriveIntact() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t (a TEXT, b TEXT, c TEXT, d TEXT)")
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)")
        let rows: [[String]] = [
            ["short", String(repeating: "x", count: 300), String(repeating: "ü", count: 5000), ""],
            [String(repeating: "y", count: 20_000), "b", "", "🎉"],
            ["a", "b", "c", "d"],
        ]
        for row in rows {
            try insert.run { (parameters: inout Statement.Parameters) throws(SQLiteError) in
                for text in row { try parameters.text(text) }
            }
        }
        var stored: [[String]] = []
        try database.prepare("SELECT a, b, c, d FROM t ORDER BY rowid").query { (row: Statement) throws(SQLiteError) in
            stored.append((0..<4).map { row.text($0) ?? "<null>" })
        }
        #expect(stored == rows)
    }

    @Test func bytesAndNilBindAsTextAndNull() throws {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE t (a TEXT, b TEXT, c INTEGER, d TEXT)")
        try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4)").run {
            (parameters: inout Statement.Parameters) throws(SQLiteError) in
            try parameters.text(utf8: Array(#"{"k":"v"}"#.utf8))
            try parameters.text(nil)
            try parameters.integer(nil)
        }
        #expect(try database.scalarText("SELECT a FROM t") == #"{"k":"v"}"#)
        #expect(try database.scalarInt64("SELECT (b IS NULL) + (c IS NULL) + (d IS NULL) FROM t") == 3,
                "nil values and the parameter not written are NULL")
    }
}
