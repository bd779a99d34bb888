import EntryDaemon
import EntrySystem
import Glibc
import Testing

/// The files `serve` is given to use (its config, the files the config links, the token file) are
/// used only when they are regular files and within their size limit: a FIFO, a device or a
/// directory is refused at once, naming it, where a FIFO hung the start and `/dev/zero` grew the
/// process without end.
@Suite struct FilesAreFilesTests {
    static func fifo(in directory: TemporaryDirectory, _ name: String) -> String {
        let path = directory.file(name)
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    static func serve(_ arguments: [String], in directory: TemporaryDirectory) -> Spawned {
        Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", ":memory:"] + arguments)
    }

    @Test(arguments: ["fifo", "/dev/zero", "directory", "large"])
    func aConfigThatIsNotARegularFileIsRefusedAtOnce(kind: String) {
        let directory = TemporaryDirectory()
        let path: String
        let said: String
        switch kind {
        case "fifo": (path, said) = (Self.fifo(in: directory, "config.json"), "it is a FIFO, not a regular file")
        case "directory": (path, said) = (directory.path, "it is a directory, not a regular file")
        case "large":
            path = directory.file("large.json")
            #expect(writeFile(path, Array(repeating: UInt8(ascii: " "), count: RegularFile.configLimit + 1)))
            said = "it has \(RegularFile.configLimit + 1) bytes, over the limit of \(RegularFile.configLimit)"
        default: (path, said) = (kind, "it is a character device, not a regular file")
        }
        let run = Self.serve(["--config", path], in: directory)
        #expect(run.waitForExit() == 66, "\(run.stderrText)")
        #expect(run.stderrText.contains("\(path): cannot read: \(said)"), "\(run.stderrText)")
    }

    /// A file the config links is refused naming it, and the config's error names the config.
    @Test func aLinkedFileThatIsAFIFOIsRefusedNamingIt() {
        let directory = TemporaryDirectory()
        _ = Self.fifo(in: directory, "app.aasa.json")
        let config = directory.file("config.json")
        #expect(writeFile(config, Array(#"""
            {"bundleId": "com.example.app", "appId": "ABCDE12345.com.example.app", "schemes": ["app"], "home": "home",
             "universalLinks": [{"host": "app.example.com", "aasa": "app.aasa.json"}],
             "routes": [{"name": "r", "match": ["app://r", "https://app.example.com/r"], "tab": "home"}], "tabs": ["home"]}
            """#.utf8)))
        let run = Self.serve(["--config", config], in: directory)
        #expect(run.waitForExit() == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("universalLinks[0].aasa: cannot read \(directory.file("app.aasa.json")): it is a FIFO, not a regular file"),
                "\(run.stderrText)")
    }

    @Test func aTokenFileThatIsAFIFOIsRefusedAtOnce() {
        let directory = TemporaryDirectory()
        let token = Self.fifo(in: directory, "token")
        let run = Self.serve(["--listen", "tcp:127.0.0.1:0", "--token-file", token], in: directory)
        #expect(run.waitForExit() == 66, "\(run.stderrText)")
        #expect(run.stderrText.contains("token file \(token): it cannot be read (it is a FIFO, not a regular file)"), "\(run.stderrText)")
    }

    @Test(arguments: ["fifo", "/dev/zero", "directory"])
    func aStoreThatIsNotARegularFileIsRefusedNamingWhatItIs(kind: String) {
        let directory = TemporaryDirectory()
        let (path, said) = switch kind {
        case "fifo": (Self.fifo(in: directory, "store.sqlite"), "it is a FIFO, not a regular file")
        case "directory": (directory.path, "it is a directory, not a regular file")
        default: (kind, "it is a character device, not a regular file")
        }
        let run = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", path])
        #expect(run.waitForExit() == 74, "\(run.stderrText)")
        #expect(run.stderrText.contains("store \(path): cannot open the store: \(said)"), "\(run.stderrText)")
    }

    /// The commands read their input files as the daemon reads its own: a FIFO given by mistake
    /// is refused at once, naming it, where each command waited for a writer that never came.
    @Test(arguments: [["push", "--socket", "/nonexistent/s"], ["route", "--payload"], ["scene", "--socket", "/nonexistent/s", "--launch-push"],
                      ["check"], ["check-config"]])
    func aCommandsInputThatIsAFIFOIsRefusedAtOnce(command: [String]) {
        let directory = TemporaryDirectory()
        let path = Self.fifo(in: directory, "input")
        let run = Spawned.run(Spawned.entryd, command + [path])
        #expect(run.waitForExit() != 0, "\(run.stderrText)")
        // check-config reports on standard output, the others on standard error.
        let said = run.stdoutText + run.stderrText
        #expect(said.contains(path) && said.contains("it is a FIFO, not a regular file"), "\(said)")
    }

    @Test func aTokenFileThatIsAFIFOIsRefusedByTheClientAtOnce() {
        let directory = TemporaryDirectory()
        let token = Self.fifo(in: directory, "token")
        let run = Spawned.run(Spawned.entryd, ["status", "--socket", "tcp:127.0.0.1:9", "--token-file", token])
        #expect(run.waitForExit() != 0, "\(run.stderrText)")
        #expect(run.stderrText.contains("cannot read the token file \(token): it is a FIFO, not a regular file"), "\(run.stderrText)")
    }
}
