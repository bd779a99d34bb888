import CSQLite

extension StoreError {
    /// A store error for a failed SQLite call, saying what the user can do about the common causes.
    init(_ error: SQLiteError, while action: String) {
        let advice: String
        switch error.primaryCode {
        case SQLITE_NOTADB:
            advice = "it is not an SQLite database (\(error.reason)); entryd never overwrites a file that is not "
                + "its store: move it away or pass another --store"
        case SQLITE_CORRUPT:
            advice = "the store is damaged (\(error.reason)); move it away to start empty, or restore a copy"
        case SQLITE_FULL:
            advice = "the disk is full (\(error.reason)); free space on its file system"
        case SQLITE_READONLY:
            advice = "it cannot be written (\(error.reason)); make the file and its directory writable, "
                + "or pass another --store"
        case SQLITE_BUSY, SQLITE_LOCKED:
            advice = "it is in use by another process (\(error.reason)); stop the other entryd or pass another --store"
        case SQLITE_CANTOPEN:
            advice = "it cannot be opened (\(error.reason)); check that its directory exists and is writable"
        default:
            advice = error.reason
        }
        self.init(path: error.path, message: "\(action): \(advice)")
    }
}
