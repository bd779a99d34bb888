import EntryHost
import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// Which file the store is: a store deleted, renamed or replaced under a running daemon is noticed
/// before the next commit; a dangling link is refused; and a reopened WAL store gets no `-shm` file.
struct StoreFileTests {
    @Test(arguments: ["deleted", "renamed", "replaced"])
    func aCommitAfterTheFileWasMovedFails(_ change: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let store = try SQLiteStore(path: path)
        try store.commit([.entry(sampleEntry("e-1"))])
        switch change {
        case "deleted": unlink(path)
        case "renamed": rename(path, directory.file("moved.sqlite"))
        default:
            rename(path, directory.file("moved.sqlite"))
            #expect(writeFile(path, []))
        }
        #expect(throws: StoreError.self) { try store.commit([.entry(sampleEntry("e-2"))]) }
        let failure = Result { () throws(StoreError) in try store.commit([.entry(sampleEntry("e-3"))]) }
        #expect(failure.errorText?.contains(path) == true)
        #expect(failure.errorText?.contains(change == "replaced" ? "replaced by another file" : "deleted or renamed") == true,
                "\(failure.errorText ?? "")")
    }

    /// The store and its log are made 0600, as the socket is, whatever the umask leaves.
    @Test func aNewStoreIsOnlyItsOwners() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let previous = umask(0o022)
        defer { umask(previous) }
        let store = try SQLiteStore(path: path)
        try store.commit([.entry(sampleEntry("e-1"))])
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            #expect(info.st_mode & 0o777 == 0o600, "\(file) has mode \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    @Test func aDanglingLinkIsRefusedAndItsTargetNotCreated() {
        let directory = TemporaryDirectory()
        let link = directory.file("entryd.sqlite")
        let target = directory.file("missing/entryd.sqlite")
        symlink(target, link)
        let opened = Result { () throws(StoreError) in _ = try SQLiteStore(path: link) }
        #expect(opened.errorText?.contains("symbolic link to \(target), which does not exist") == true, "\(opened.errorText ?? "")")
        #expect(access(target, F_OK) != 0)
    }

    @Test func aLinkToAStoreStillOpens() throws {
        let directory = TemporaryDirectory()
        let target = directory.file("real.sqlite")
        _ = try SQLiteStore(path: target)
        symlink(target, directory.file("link.sqlite"))
        do {
            let store = try SQLiteStore(path: directory.file("link.sqlite"))
            try store.commit([.entry(sampleEntry("e-1"))])
        }
        // What was committed through the link is in the file it points to.
        #expect(try SQLiteStore(path: target).load().entries.map(\.id) == ["e-1"])
    }

    /// SQLite keeps the log's index in memory (no `-shm` file) only when the locking mode is exclusive
    /// at the first read of a WAL file; reopening an existing store reads it before configuring it.
    @Test func reopeningAWALStoreMakesNoSharedMemoryFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try store.commit([.entry(sampleEntry("e-1"))])
        }
        #expect(access(path + "-shm", F_OK) != 0, "first open")
        let reopened = try SQLiteStore(path: path)
        #expect(access(path + "-shm", F_OK) != 0, "reopened")
        #expect(try reopened.load().entries.map(\.id) == ["e-1"])
    }
}

/// The daemon with its store moved away under it: the next push is not answered `ok`, and the
/// daemon stops with 74, its log naming the store.
@Suite(.serialized) struct LiveStoreFileTests {
    @Test func aStoreDeletedUnderTheDaemonStopsItBeforeAnOK() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://records/1","id":"kept""#).isOK)
        #expect(unlink(stored.store) == 0)
        let reply = try sender.request(#""op":"open","url":"materunner://records/2","id":"lost""#)
        #expect(!reply.isOK)
        #expect(reply.errorCode == "shutting_down")
        #expect(daemon.process.waitForExit() == 74)
        #expect(daemon.process.stderrText.contains("store=\(stored.store)"), "\(daemon.process.stderrText)")
        #expect(daemon.process.stderrText.contains("deleted or renamed"))
    }
}
