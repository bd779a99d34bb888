import CSQLite

/// A prepared statement: bind, step through rows, read columns.
///
/// A statement is reused: `bind` resets it first, so a cached statement needs no cleanup between uses.
final class Statement {
    let sql: String
    let handle: OpaquePointer
    private let connection: OpaquePointer
    private let path: String
    /// How many `?N` parameters the SQL has.
    let parameterCount: Int32
    /// Where bound text lives until the next bind (see `TextArena`).
    let arena = TextArena()

    init(sql: String, connection: OpaquePointer, path: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard rc == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw SQLiteError(connection: connection, code: rc, path: path, sql: sql)
        }
        self.sql = sql
        self.handle = prepared
        self.connection = connection
        self.path = path
        self.parameterCount = sqlite3_bind_parameter_count(prepared)
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters `?1`, `?2`, …; parameters past the
    /// end of `values` are NULL.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        try bind { (parameters: inout Parameters) throws(SQLiteError) in
            for value in values { try parameters.value(value) }
        }
    }

    /// Advances to the next row: true when a row is available, false when the statement is done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(rc)
            reset()
            throw failure
        }
    }

    /// Binds `values`, runs the statement to completion and resets it (for statements without rows).
    func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        reset()
    }

    /// Binds `values` and calls `row` for each result row, then resets the statement.
    func query(_ values: [SQLiteValue] = [], row: (Statement) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(values)
        while try step() {
            try row(self)
        }
        reset()
    }

    /// Releases the statement's read snapshot and locks; bindings stay until the next `bind`.
    func reset() {
        sqlite3_reset(handle)
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    /// The column as text (decoded as UTF-8, repairing invalid bytes); nil for SQL NULL.
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the column's text bytes, valid only during the call; nil for SQL NULL. Lets a
    /// caller parse a column without first copying it into a `String`.
    func withTextBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        return body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// Calls `body` with the column's bytes as a blob, valid only during the call; nil for SQL NULL.
    func withBlobBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard !isNull(column) else { return nil }
        // An empty blob has no address; the column's bytes are asked for after it, as SQLite requires.
        let start = sqlite3_column_blob(handle, column)?.assumingMemoryBound(to: UInt8.self)
        return body(UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column))))
    }

    func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(connection: connection, code: rc, path: path, sql: sql)
    }
}

extension SQLiteError {
    /// The error SQLite reports for `connection` after a call returned `code`.
    init(connection: OpaquePointer?, code: Int32, path: String, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's message belongs to its latest failure; when that is not this one, use the code's text.
        let sameFailure = extended & 0xff == code & 0xff
        let message: UnsafePointer<CChar>? = sameFailure ? connection.flatMap { sqlite3_errmsg($0) } : sqlite3_errstr(code)
        self.init(code: sameFailure ? extended : code,
                  message: message.map { String(cString: $0) } ?? "SQLite error \(code)",
                  path: path, sql: sql,
                  systemError: sameFailure ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0)
    }
}
