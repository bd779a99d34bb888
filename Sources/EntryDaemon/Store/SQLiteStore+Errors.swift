import EntryHost
import CSQLite
import CUV

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

extension StoreError {
    /// Why a store file in `path`'s directory cannot be created, when the directory is the reason.
    ///
    /// SQLite's own report is misleading here: after a read-write open fails (say with "read-only file
    /// system") it retries read-only, and reports that attempt's "no such file or directory".
    static func directoryProblem(of path: String) -> StoreError? {
        guard path != ":memory:" else { return nil }
        let directory = parentDirectory(of: path)
        var request = uv_fs_t()
        // W_OK | X_OK from <unistd.h>: create a file in the directory.
        let rc = uv_fs_access(nil, &request, directory, 2 | 1, nil)
        uv_fs_req_cleanup(&request)
        guard rc < 0 else { return nil }
        return StoreError(path: path, message: "cannot open the store: its directory \(directory) "
            + "cannot be written (\(String(cString: uv_strerror(rc)))); create it, make it writable or pass another --store")
    }
}
