import EntrySystem
import Glibc
import Testing

/// The one regular-file reader: what it reads, and what it refuses with which words.
@Suite struct RegularFileTests {
    @Test func aRegularFileIsReadWholeWithItsOwnerAndMode() {
        let directory = TemporaryDirectory()
        let path = directory.write("config.json", Array("{\"routes\":[]}\n".utf8), mode: 0o640)
        let contents = try? RegularFile.contents(of: path, limit: 100).get()
        #expect(contents?.bytes == Array("{\"routes\":[]}\n".utf8))
        #expect(contents?.owner == getuid())
        #expect(contents?.permissions == 0o640)
    }

    @Test func aFIFOIsRefusedAtOnceNamingIt() {
        let directory = TemporaryDirectory()
        let path = directory.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        // No writer ever opens it: a blocking open would hang here.
        let result = RegularFile.read(path, limit: 100)
        #expect(result == .failure(.notRegular(kind: "a FIFO")))
        #expect("\(RegularFile.Problem.notRegular(kind: "a FIFO"))" == "it is a FIFO, not a regular file")
    }

    @Test func aDeviceAndADirectoryAreRefusedNamingThem() {
        #expect(RegularFile.read("/dev/zero", limit: 100) == .failure(.notRegular(kind: "a character device")))
        let directory = TemporaryDirectory()
        #expect(RegularFile.read(directory.path, limit: 100) == .failure(.notRegular(kind: "a directory")))
    }

    @Test func aFileOverTheLimitIsRefusedWithItsSize() {
        let directory = TemporaryDirectory()
        let path = directory.write("big", [UInt8](repeating: 0x20, count: 101))
        let result = RegularFile.read(path, limit: 100)
        #expect(result == .failure(.tooLarge(bytes: 101, limit: 100)))
        if case .failure(let problem) = result { #expect(problem.description == "it has 101 bytes, over the limit of 100") }
        #expect(RegularFile.read(path, limit: 101) == .success([UInt8](repeating: 0x20, count: 101)))
    }

    @Test func aMissingFileSaysWhyInTheCLibrarysWords() {
        let directory = TemporaryDirectory()
        let result = RegularFile.read(directory.file("missing"), limit: 100)
        #expect(result == .failure(.cannotRead(code: ENOENT)))
        if case .failure(let problem) = result { #expect(problem.description == "No such file or directory") }
    }

    @Test func aSymbolicLinkIsFollowedOnlyWhenAllowed() {
        let directory = TemporaryDirectory()
        let target = directory.write("token", Array("secret\n".utf8))
        let link = directory.file("link")
        #expect(symlink(target, link) == 0)
        #expect(RegularFile.read(link, limit: 100) == .success(Array("secret\n".utf8)))
        #expect(RegularFile.contents(of: link, limit: 100, followingLinks: false).map(\.bytes) == .failure(.cannotRead(code: ELOOP)))
    }
}
