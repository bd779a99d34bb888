import EntryHost
import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// A small tmpfs of its own: a real file system that can be filled up or made read-only without affecting
/// anything else. Needs the right to mount (the tests run as root); the suite is skipped without it.
final class TmpfsMount {
    let path: String

    init?(kilobytes: Int) {
        var template = Array("/tmp/entryd-tmpfs-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        path = String(cString: made)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") == 0 else {
            rmdir(path)
            return nil
        }
    }

    deinit {
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Makes the whole file system read-only; the store's own file is then read-only even for root.
    func remountReadOnly() -> Bool {
        mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0
    }

    /// Writes a file until the file system is full; returns its path.
    func fill() -> String {
        let filler = file("filler")
        // Close-on-exec: a child another test spawns meanwhile must not keep the filler's space in use.
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let chunk = [UInt8](repeating: 0x5A, count: 4096)
        while write(fd, chunk, chunk.count) > 0 {}
        var byte: UInt8 = 0
        while write(fd, &byte, 1) > 0 {}
        close(fd)
        return filler
    }

    static let isAvailable: Bool = TmpfsMount(kilobytes: 64) != nil
}

@Suite(.enabled(if: TmpfsMount.isAvailable, "needs the right to mount a tmpfs"))
struct StoreDiskTests {
    /// A commit that needs new space on a full disk throws, naming the file and the cause; nothing of it is
    /// kept. Once space returns, the same store commits again without being reopened.
    @Test func aFullDiskFailsTheCommitAndTheStoreRecoversWhenSpaceReturns() throws {
        let disk = try #require(TmpfsMount(kilobytes: 1024))
        let path = disk.file("entryd.sqlite")
        let store = try SQLiteStore(path: path)
        try store.commit([.entry(sampleEntry("e-1"))])
        let filler = disk.fill()
        let large = sampleEntry("e-2", params: ["blob": String(repeating: "x", count: 256 * 1024)])
        #expect {
            try store.commit([.entry(large), .seen(SeenKey(key: "e-2", at: Instant(milliseconds: 1)))])
        } throws: { error in
            let error = error as! StoreError
            return error.path == path && error.message.hasPrefix("cannot commit 2 records: the disk is full")
        }
        #expect(try store.load().entries.map(\.id) == ["e-1"])
        #expect(try store.load().seen.isEmpty)

        #expect(unlink(filler) == 0)
        try store.commit([.entry(large)])
        #expect(try store.load().entries.map(\.id) == ["e-1", "e-2"])
        #expect(try store.integrityCheck() == "ok")
    }

    /// An existing store on a file system that became read-only (the file is read-only even to root): the
    /// store refuses to start rather than run without durability.
    @Test func aReadOnlyStoreIsRefused() throws {
        let disk = try #require(TmpfsMount(kilobytes: 1024))
        let path = disk.file("entryd.sqlite")
        try SQLiteStore(path: path).commit([.entry(sampleEntry("e-1"))])
        #expect(disk.remountReadOnly())
        #expect {
            _ = try SQLiteStore(path: path)
        } throws: { error in
            let error = error as! StoreError
            return error.path == path && error.message.contains("read-only")
        }
    }

    /// A new store in a read-only directory cannot be created.
    @Test func aReadOnlyDirectoryIsRefused() throws {
        let disk = try #require(TmpfsMount(kilobytes: 64))
        #expect(disk.remountReadOnly())
        let path = disk.file("entryd.sqlite")
        #expect {
            _ = try SQLiteStore(path: path)
        } throws: { error in
            let error = error as! StoreError
            return error.path == path && error.message.contains("read-only file system")
        }
    }
}
