import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// `entryd serve` with a store it cannot use: it never starts on a file that is not its own, never
/// changes such a file, and never answers `ok` for what it could not commit (R16).
@Suite(.serialized) struct StoreFailureTests {
    /// A `--store` that is someone else's file: serve exits 74 naming it, and the file is unchanged.
    @Test(arguments: ["a text file", "another program's SQLite database"])
    func serveRefusesAStoreThatIsNotOurs(kind: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("theirs.db")
        if kind == "a text file" {
            #expect(writeFile(path, Array("shopping list: milk, eggs\n".utf8)))
        } else {
            try Database(path: path).execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        }
        let before = try #require(fileBytes(path))
        let serve = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", path])
        #expect(serve.waitForExit() == 74)
        #expect(serve.stderrText.contains(path), "\(serve.stderrText)")
        #expect(fileBytes(path) == before)
        #expect(names(in: directory.path) == ["theirs.db"], "nothing may be created beside it (socket, journal, WAL)")
    }

    private func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A `--store` whose directory is missing (or a plain file) is refused, exit 74 naming it, and
    /// nothing is created: a typo in the path must not start an empty store nobody will find again.
    @Test(arguments: ["missing", "plain"])
    func serveRefusesAStoreWhoseDirectoryIsMissing(parent: String) throws {
        let directory = TemporaryDirectory()
        if parent == "plain" { #expect(writeFile(directory.file("plain"), Array("not a directory\n".utf8))) }
        let path = directory.file("\(parent)/state/entryd.sqlite")
        let serve = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", path])
        #expect(serve.waitForExit() == 74)
        #expect(serve.stderrText.contains("its directory \(directory.file("\(parent)/state")) cannot be written"), "\(serve.stderrText)")
        #expect(serve.stderrText.contains(parent == "plain" ? "not a directory" : "no such file or directory"), "\(serve.stderrText)")
        #expect(names(in: directory.path) == (parent == "plain" ? ["plain"] : []))
    }

    /// The disk fills while the daemon serves. The request whose commit fails is answered with an error
    /// (`shutting_down`, never `ok`), the log says why, and the daemon stops with 74 (sysexits I/O).
    /// Once space returns, a restart on the same store holds exactly the entries answered `ok`.
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs the right to mount a tmpfs"))
    func aCommitFailureWhileServingIsNeverAcknowledged() throws {
        let disk = try #require(TmpfsMount(kilobytes: 2048))
        let directory = TemporaryDirectory()
        let store = disk.file("entryd.sqlite")
        let daemon = LiveDaemon(["--store", store], socket: directory.file("s"))
        try #require(daemon.readiness == "READY=1", "\(daemon.process.stderrText)")
        let sender = try LiveConnection(daemon)
        let pad = String(repeating: "x", count: 1800)
        func open(_ n: Int) -> String { #""op":"open","url":"materunner://records/\#(n)?pad=\#(pad)","id":"r-\#(n)""# }
        try #require(try sender.request(open(0)).isOK)
        let filler = disk.fill()

        var acknowledged = ["r-0"]
        var refusal: (id: String, reply: JSONValue)?
        for n in 1...500 {
            let reply = try sender.request(open(n))
            guard reply.isOK else {
                refusal = ("r-\(n)", reply)
                break
            }
            acknowledged.append("r-\(n)")
        }
        let refused = try #require(refusal, "500 entries of 1.8 KB were all committed to a full 2 MB disk")
        print("store failure: \(acknowledged.count) entries acknowledged, \(refused.id) refused with \(refused.reply)")
        #expect(refused.reply.errorCode == "shutting_down")
        #expect(refused.reply["error"]?.text("message")?.contains("could not record") == true)
        #expect(daemon.process.waitForExit() == 74)
        #expect(daemon.process.stderrText.contains("level=error msg=\"store commit failed; stopping\" store=\(store)"))
        #expect(daemon.process.stderrText.contains("disk is full"), "\(daemon.process.stderrText)")

        #expect(unlink(filler) == 0)
        let restarted = LiveDaemon(["--store", store], socket: directory.file("s"))
        try #require(restarted.readiness == "READY=1", "\(restarted.process.stderrText)")
        let status = try LiveConnection(restarted).request(#""op":"status","limit":1000"#)
        #expect(status["pending"]?.arrayValue.compactMap { $0.text("id") } == acknowledged)
        let n = Int(refused.id.dropFirst(2))!
        #expect(try LiveConnection(restarted).request(open(n)).text("state") == "pending",
                "the refused entry was kept after all")
        #expect(restarted.stop() == 0)
    }
}
