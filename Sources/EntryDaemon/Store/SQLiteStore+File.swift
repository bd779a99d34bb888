import EntryHost
import Glibc

/// Which file the store is. SQLite keeps writing to the file it opened whatever happens to its name,
/// so a store deleted or renamed under a running daemon would take commits that no restart finds:
/// each commit first checks that the path still names the file opened. And a store path that is a
/// link to nothing is refused, as the socket path is, rather than having its target created.
extension SQLiteStore {
    /// Refuses a path that is a symbolic link whose target does not exist.
    static func refuseDanglingLink(_ path: String) throws(StoreError) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, FileIdentity(path: path) == nil else { return }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        let named = length > 0 ? String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        throw StoreError(path: path, message: "it is a symbolic link to \(named), which does not exist; entryd does not "
            + "create a store through a dangling link: fix or remove the link, or pass another --store")
    }

    /// Creates a missing store file with mode 0600, as the socket is: the store holds what users
    /// were sent, so only its owner may read it. SQLite would create it with 0644 (less the umask),
    /// and gives its journal and log files the mode of the store file. An existing file is left as it is;
    /// a failure here is left to the open that follows, which reports it.
    static func createPrivately(_ path: String) {
        guard path != ":memory:" else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
    }

    /// Throws, before anything is written, when `location` no longer names the file opened.
    func checkFileIsInPlace() throws(StoreError) {
        guard let openedFile else { return }
        guard let current = FileIdentity(path: location) else {
            throw StoreError(path: location, message: "the store file was deleted or renamed while the daemon ran; "
                + "nothing more is committed to the file it had open, which a restart would not find: "
                + "put the file back (or restart to begin with an empty store)")
        }
        guard current == openedFile else {
            throw StoreError(path: location, message: "the store file was replaced by another file while the daemon ran; "
                + "nothing more is committed to the file it had open: restart the daemon to open the new one")
        }
    }
}
