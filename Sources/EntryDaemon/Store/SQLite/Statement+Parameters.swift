import CSQLite

extension Statement {
    /// Writes a statement's parameters `?1`, `?2`, … in order, straight from the caller's values: no
    /// array of `SQLiteValue`s is built per row, and text is copied once, into the statement's arena.
    struct Parameters {
        fileprivate let statement: Statement
        fileprivate var next: Int32 = 1

        fileprivate init(statement: Statement) {
            self.statement = statement
        }

        /// The next parameter as text (bound by byte count, so embedded NULs survive), or NULL for nil.
        mutating func text(_ text: String?) throws(SQLiteError) {
            guard var text else { return try null() }
            let arena = statement.arena
            let start = text.withUTF8 { arena.copy(UnsafeRawBufferPointer($0)) }
            try bindText(start, count: text.utf8.count)
        }

        /// The next parameter as text made of the UTF-8 `bytes`.
        mutating func text(utf8 bytes: [UInt8]) throws(SQLiteError) {
            let arena = statement.arena
            let start = bytes.withUnsafeBytes { arena.copy($0) }
            try bindText(start, count: bytes.count)
        }

        /// The next parameter as a blob of `bytes`.
        mutating func blob(_ bytes: [UInt8]) throws(SQLiteError) {
            let arena = statement.arena
            let start = bytes.withUnsafeBytes { arena.copy($0) }
            try check(sqlite3_bind_blob(statement.handle, next, start, Int32(bytes.count), nil))
        }

        private mutating func bindText(_ start: UnsafeMutablePointer<CChar>, count: Int) throws(SQLiteError) {
            try check(sqlite3_bind_text(statement.handle, next, start, Int32(count), nil))
        }

        /// The next parameter as an integer, or NULL for nil.
        mutating func integer(_ integer: Int64?) throws(SQLiteError) {
            guard let integer else { return try null() }
            try check(sqlite3_bind_int64(statement.handle, next, integer))
        }

        mutating func null() throws(SQLiteError) {
            try check(sqlite3_bind_null(statement.handle, next))
        }

        mutating func value(_ value: SQLiteValue) throws(SQLiteError) {
            switch value {
            case .null: try null()
            case .integer(let integer): try self.integer(integer)
            case .text(let text): try self.text(text)
            }
        }

        private mutating func check(_ rc: Int32) throws(SQLiteError) {
            guard rc == SQLITE_OK else { throw statement.error(rc) }
            next += 1
        }

        /// Binds NULL to the parameters not written.
        fileprivate mutating func finish() throws(SQLiteError) {
            while next <= statement.parameterCount { try null() }
        }
    }

    /// Resets the statement and binds its parameters with `write`; those it does not write are NULL.
    func bind(_ write: (inout Parameters) throws(SQLiteError) -> Void) throws(SQLiteError) {
        reset()
        // Bindings into a retired buffer are cleared before it is freed, so none is left dangling even
        // when `write` throws halfway.
        if arena.hasRetired { sqlite3_clear_bindings(handle) }
        arena.restart()
        var parameters = Parameters(statement: self)
        try write(&parameters)
        try parameters.finish()
    }

    /// Binds with `write`, runs the statement to completion and resets it (for statements without rows).
    func run(_ write: (inout Parameters) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(write)
        while try step() {}
        reset()
    }
}
