import EntryHost
import Glibc
import Testing
@testable import EntryDaemon

/// Files the store must refuse, naming the file, and never change.
@Suite struct StoreBadFileTests {
    private func refusal(opening path: String) -> String? {
        Result { () throws(StoreError) in _ = try SQLiteStore(path: path) }.errorText
    }

    @Test func randomBytesAreRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("random.sqlite")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(writeFile(path, bytes))
        let error = try #require(refusal(opening: path))
        #expect(error.hasPrefix(path + ": "))
        #expect(error.contains("not an SQLite database"))
        #expect(fileBytes(path) == bytes)
    }

    @Test func aTextFileIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("notes.txt")
        let bytes = Array("these are my notes, not a database\n".utf8)
        #expect(writeFile(path, bytes))
        let error = try #require(refusal(opening: path))
        #expect(error.hasPrefix(path + ": "))
        #expect(error.contains("never overwrites"))
        #expect(fileBytes(path) == bytes)
    }

    @Test(arguments: [
        ("CREATE TABLE notes (body TEXT)", "application_id 0x0, 1 schema objects"),
        ("PRAGMA application_id = 1179403647", "application_id 0x464c457f, 0 schema objects"),
        ("CREATE TABLE entries (id TEXT PRIMARY KEY)", "application_id 0x0, 2 schema objects"),
    ])
    func anotherProgramsDatabaseIsRefusedUntouched(setup: String, detail: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("other.sqlite")
        try Database(path: path).execute(setup)
        let before = try #require(fileBytes(path))
        let error = try #require(refusal(opening: path))
        #expect(error.hasPrefix(path + ": not an entryd store"))
        #expect(error.contains(detail))
        #expect(fileBytes(path) == before)
    }

    @Test func aStoreFromANewerEntrydIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        _ = try SQLiteStore(path: path)
        try Database(path: path).execute("PRAGMA user_version = 99")
        let error = try #require(refusal(opening: path))
        #expect(error.contains("schema version 99, newer than the \(Migrations.latestVersion)"))
    }

    @Test func aSecondStoreOnTheSameFileIsRefusedWhileTheFirstIsOpen() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let first = try SQLiteStore(path: path)
        let error = try #require(refusal(opening: path))
        #expect(error.contains("in use by another process"))
        try first.commit([.entry(sampleEntry("e-1"))])
        #expect(try first.load().entries.count == 1)
    }

    /// A real store whose table pages were overwritten: the damage shows when it is opened or loaded, and
    /// `integrityCheck` reports it when the file still opens.
    @Test func aDamagedStoreIsReportedAsDamaged() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try SQLiteStore(path: path).commit((1...2000).map { .entry(sampleEntry("e-\($0)")) })
        var bytes = try #require(fileBytes(path))
        let pageSize = 4096
        #expect(bytes.count > 8 * pageSize)
        for index in pageSize..<(bytes.count - pageSize) where index % 7 == 0 {
            bytes[index] = 0xA5
        }
        #expect(writeFile(path, bytes))
        let outcome = Result { () throws(StoreError) -> String in
            let store = try SQLiteStore(path: path)
            let check = try store.integrityCheck()
            _ = try store.load()
            return check
        }
        switch outcome {
        case .success(let check):
            #expect(check != "ok")
        case .failure(let error):
            #expect(error.path == path)
            #expect(error.message.contains("damaged"))
        }
    }

    @Test func aMissingDirectoryIsNamed() throws {
        let path = "/proc/entryd-absent/entryd.sqlite"
        let error = try #require(refusal(opening: path))
        #expect(error.hasPrefix(path + ": cannot open the store: its directory /proc/entryd-absent cannot be written"))
        #expect(error.contains("no such file or directory"))
    }
}
