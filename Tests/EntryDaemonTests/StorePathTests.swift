import EntryHost
import Glibc
import Testing
@testable import EntryDaemon

@Suite struct StorePathTests {
    @Test(arguments: [
        (["XDG_STATE_HOME": "/state", "HOME": "/home/u"], nil, "/state/entryd/entryd.sqlite"),
        (["XDG_STATE_HOME": "/state/"], nil, "/state/entryd/entryd.sqlite"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], nil, "/home/u/.local/state/entryd/entryd.sqlite"),
        (["XDG_STATE_HOME": "", "HOME": "/home/u"], nil, "/home/u/.local/state/entryd/entryd.sqlite"),
        (["HOME": "/root/"], nil, "/root/.local/state/entryd/entryd.sqlite"),
        ([:], "/home/pw", "/home/pw/.local/state/entryd/entryd.sqlite"),
        (["HOME": ""], "/home/pw", "/home/pw/.local/state/entryd/entryd.sqlite"),
        ([:], nil, nil),
    ] as [([String: String], String?, String?)])
    func defaultPath(environment: [String: String], homeDirectory: String?, expected: String?) {
        #expect(StorePath.resolve(environment: environment, homeDirectory: homeDirectory) == expected)
    }

    @Test func processDefaultEndsInTheStoreFile() throws {
        #expect(try StorePath.processDefault().hasSuffix("/entryd/entryd.sqlite"))
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test func createsMissingDirectoriesOwnerOnly() throws {
        let directory = TemporaryDirectory()
        #expect(chmod(directory.path, 0o755) == 0)
        let store = directory.file("state/entryd/entryd.sqlite")
        try StorePath.createDirectory(for: store)
        try StorePath.createDirectory(for: store)
        #expect(mode(directory.file("state")) == 0o700)
        #expect(mode(directory.file("state/entryd")) == 0o700)
        #expect(mode(directory.path) == 0o755)
        _ = try SQLiteStore(path: store)
        #expect(mode(store) != nil)
    }

    @Test func aDirectoryThatCannotBeCreatedIsNamed() throws {
        let store = "/proc/entryd-absent/entryd/entryd.sqlite"
        #expect {
            try StorePath.createDirectory(for: store)
        } throws: { error in
            let error = error as! StoreError
            return error.path == store && error.message.hasPrefix("cannot create the directory /proc/entryd-absent: ")
        }
    }

    /// Neither names a directory to make: nothing is made in the working directory for them.
    @Test func memoryAndBareFileNamesNeedNoDirectory() throws {
        try StorePath.createDirectory(for: ":memory:")
        try StorePath.createDirectory(for: "entryd-bare-name.sqlite")
        #expect(access(":memory:", F_OK) != 0)
        #expect(access("entryd-bare-name.sqlite", F_OK) != 0)
    }
}
