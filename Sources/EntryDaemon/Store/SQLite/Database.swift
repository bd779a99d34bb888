import CSQLite

/// One SQLite connection, used from one thread (the daemon's loop thread).
///
/// Opened with `SQLITE_OPEN_NOMUTEX`: the loop is the only user, so SQLite's per-call mutex would be
/// pure overhead. A `Database` must therefore never be shared between threads.
final class Database {
    /// How to open the file.
    enum Mode {
        /// Read and write; create the file when missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only.
        case readOnly

        fileprivate var flags: Int32 {
            switch self {
            case .readWriteCreate: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: return SQLITE_OPEN_READWRITE
            case .readOnly: return SQLITE_OPEN_READONLY
            }
        }
    }

    /// The file as given (or `:memory:`), for error messages.
    let path: String
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]

    init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        _ = Database.libraryConfigured
        var opened: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let rc = sqlite3_open_v2(path, &opened, flags, nil)
        guard rc == SQLITE_OK, let opened else {
            // Even a failed open usually allocates a handle, which carries the message and must be closed.
            let error = SQLiteError(connection: opened, code: rc, path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        self.path = path
        self.handle = opened
    }

    /// Process-wide library settings, applied once before the first open (SQLite accepts them only
    /// before it initializes itself). The result code is ignored: a refusal (the library was already
    /// initialized by other code in the process) only leaves the default, slower but correct.
    private static let libraryConfigured: Int32 = entryd_sqlite_disable_memory_status()

    deinit {
        cache.removeAll()
        // close_v2 defers the close until any statement still alive elsewhere is finalized.
        sqlite3_close_v2(handle)
    }

    /// Whether SQLite opened the file read-only, which it does silently when a read-write open is refused
    /// by the file system (a read-only mount, a file without write permission).
    var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// Whether no transaction is open. SQLite may roll a transaction back by itself after
    /// `SQLITE_FULL`, `SQLITE_IOERR` or `SQLITE_NOMEM`; this tells whether one is still open.
    var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Rows inserted, updated or deleted by the last statement that changed any.
    var changes: Int {
        Int(sqlite3_changes(handle))
    }

    /// Runs one or more statements without parameters or results (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw SQLiteError(connection: handle, code: rc, path: path, sql: sql) }
    }

    /// A new statement, finalized when released.
    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(sql: sql, connection: handle, path: path)
    }

    /// The statement for `sql`, prepared once and then reused: the hot path (one commit per loop turn)
    /// skips parsing and planning.
    func cached(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// The first column of the first row of `sql`, as an integer (for pragmas and aggregates); nil for NULL
    /// or no row.
    func scalarInt64(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.optionalInt64(0) : nil
    }

    /// The first column of the first row of `sql`, as text; nil for NULL or no row.
    func scalarText(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }
}
