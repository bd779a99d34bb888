import CSQLite
import CUV

/// A failed SQLite call: SQLite's own message, its (extended) result code and the file it was about.
///
/// SQLite's message alone ("unable to open database file") rarely says which file or why; the path and,
/// when the OS reported one, the `errno` text (`Read-only file system`) are what let a user fix it.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_FULL`, `SQLITE_IOERR_FSYNC`, …).
    var code: Int32
    /// SQLite's message for the connection, or the generic text of the code.
    var message: String
    /// The database file (or `:memory:`).
    var path: String
    /// The statement that failed, when there was one.
    var sql: String?
    /// The OS error behind an I/O or open failure, when SQLite saw one.
    var systemError: Int32

    init(code: Int32, message: String, path: String, sql: String? = nil, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.path = path
        self.sql = sql
        self.systemError = systemError
    }

    /// The primary result code (`SQLITE_IOERR` for `SQLITE_IOERR_FSYNC`).
    var primaryCode: Int32 { code & 0xff }

    /// SQLite's message, with the OS error text when it adds something.
    var reason: String {
        // libuv's error codes are negated errno values on Unix, which makes uv_strerror an strerror that
        // does not need Glibc in this module (whose headers clash with CUV's _GNU_SOURCE view of them).
        guard systemError > 0, let text = uv_strerror(-systemError) else { return message }
        return "\(message) (\(String(cString: text)))"
    }

    var description: String {
        let name = String(cString: sqlite3_errstr(code))
        var text = "\(path): \(reason) [SQLite \(code): \(name)]"
        if let sql { text += " in `\(sql)`" }
        return text
    }
}
