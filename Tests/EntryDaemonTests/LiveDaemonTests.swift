import EntryDaemon
import EntrySystem
import Glibc
import Testing

/// The built `entryd serve` on a temporary socket, driven through its socket and its process.
@Suite(.serialized) struct LiveDaemonTests {
    @Test func servesStatusAndReportsReadiness() throws {
        let daemon = LiveDaemon()
        #expect(daemon.readiness == "READY=1")
        let reply = try daemon.ask(#"{"op":"status","req":7}"#, on: daemon.client())
        #expect(reply == ["ok": "true", "req": "7"])
        var info = stat()
        #expect(lstat(daemon.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func statusCommandPrintsTableAndJSON() {
        let daemon = LiveDaemon()
        let table = Spawned.run(Spawned.entryd, ["status", "--socket", daemon.socket])
        #expect(table.waitForExit() == 0)
        #expect(table.stdoutText.contains("pending: none"))
        #expect(table.stdoutText.contains("counts: pending=0"))
        let json = Spawned.run(Spawned.entryd, ["status", "--json", "--socket", daemon.socket])
        #expect(json.waitForExit() == 0)
        #expect(json.stdoutText.hasPrefix(#"{"req":1,"ok":true,"config":"<embedded samples/materunner.json>","bundle":"com.example.materunner","scenes":[]"#))
    }

    @Test func statusWithoutDaemonExits69WithHint() {
        let directory = TemporaryDirectory()
        let status = Spawned.run(Spawned.entryd, ["status", "--socket", directory.file("none")])
        #expect(status.waitForExit() == 69)
        #expect(status.stderrText.contains("start one with: entryd serve"))
    }

    @Test func unknownFlagIsAUsageErrorNamingIt() {
        let status = Spawned.run(Spawned.entryd, ["status", "--jsno"])
        #expect(status.waitForExit() == 64)
        #expect(status.stderrText.contains("'--jsno'"))
        #expect(status.stderrText.contains("did you mean '--json'?"))
    }

    @Test func badInputKeepsTheConnectionUsable() throws {
        let daemon = LiveDaemon()
        let client = try daemon.client()
        #expect(try daemon.ask("this is not json", on: client)["code"] == "bad_json")
        #expect(try daemon.ask(#"{"op":"fly","req":2}"#, on: client) == ["ok": "false", "req": "2", "code": "unknown_op"])
        #expect(try daemon.ask(#"{"op":"status","req":3}"#, on: client) == ["ok": "true", "req": "3"])
    }

    @Test func severalLinesInOneWriteAreAnsweredInOrder() throws {
        let daemon = LiveDaemon()
        let client = try daemon.client()
        try client.send(bytes: Array("{\"op\":\"status\",\"req\":1}\r\n{\"op\":\"status\",\"req\":2}\n{\"op\":\"sta".utf8))
        try client.send(bytes: Array("tus\",\"req\":3}\n".utf8))
        let reqs = try (0..<3).map { _ in Summary.of(try client.readLine(timeoutMilliseconds: 5000) ?? [])["req"] }
        #expect(reqs == ["1", "2", "3"])
    }

    @Test func frameTooLargeIsAnsweredThenClosed() throws {
        let daemon = LiveDaemon(["--max-frame", "100"])
        let client = try daemon.client()
        #expect(try daemon.ask(String(repeating: "x", count: 200), on: client)["code"] == "frame_too_large")
        #expect(try client.readLine(timeoutMilliseconds: 5000) == nil)
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: daemon.client())["ok"] == "true")
    }

    @Test func stalledPartialLineIsClosed() throws {
        let daemon = LiveDaemon(["--stall-timeout", "0.2"])
        let client = try daemon.client()
        try client.send(bytes: Array(#"{"op":"sta"#.utf8))
        #expect(try client.readLine(timeoutMilliseconds: 5000) == nil)
        #expect(daemon.process.waitForStderr(containing: "partial line stalled"))
    }

    @Test func tooManyClientsIsAnsweredThenClosed() throws {
        let daemon = LiveDaemon(["--max-clients", "1"])
        let first = try daemon.client()
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: first)["ok"] == "true")
        let second = try daemon.client()
        let refused = try second.readLine(timeoutMilliseconds: 5000)
        #expect(Summary.of(refused ?? [])["code"] == "too_many_clients")
        #expect(try second.readLine(timeoutMilliseconds: 5000) == nil)
        #expect(try daemon.ask(#"{"op":"status","req":2}"#, on: first)["ok"] == "true")
    }

    @Test func staleSocketFileIsReplaced() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("s")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = UnixSocket.withAddress(Array(path.utf8)) { bind(fd, $0, $1) }
        close(fd)
        #expect(bound == 0)
        let daemon = LiveDaemon(socket: path)
        #expect(daemon.readiness == "READY=1")
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: daemon.client())["ok"] == "true")
        #expect(daemon.process.waitForStderr(containing: "replacing stale socket"))
    }

    @Test func secondDaemonIsRefusedAndFirstKeepsServing() throws {
        let first = LiveDaemon()
        let second = Spawned.run(Spawned.entryd, ["serve", "--socket", first.socket])
        #expect(second.waitForExit() == 69)
        #expect(second.stderrText.contains("already listening on \(first.socket)"))
        #expect(try first.ask(#"{"op":"status","req":1}"#, on: first.client())["ok"] == "true")
    }

    @Test func fileThatIsNotASocketIsLeftAlone() {
        let directory = TemporaryDirectory()
        let path = directory.file("plain")
        close(open(path, O_CREAT | O_WRONLY, 0o600))
        let serve = Spawned.run(Spawned.entryd, ["serve", "--socket", path])
        #expect(serve.waitForExit() == 73)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func tooLongSocketPathIsRefusedNamingIt() {
        let path = "/tmp/" + String(repeating: "s", count: 110)
        let serve = Spawned.run(Spawned.entryd, ["serve", "--socket", path])
        #expect(serve.waitForExit() == 64)
        #expect(serve.stderrText.contains(path))
    }

    @Test func sigtermStopsCleanlyAndRemovesTheSocket() throws {
        let daemon = LiveDaemon()
        let idle = try daemon.client()
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: idle)["ok"] == "true")
        #expect(daemon.stop() == 0)
        #expect(daemon.notify.receive() == "STOPPING=1")
        #expect(try idle.readLine(timeoutMilliseconds: 5000) == nil)
        #expect(access(daemon.socket, F_OK) != 0)
        #expect(daemon.process.stderrText.contains("msg=stopped exit=0"))
    }

    /// SIGHUP stops the daemon as SIGTERM does (it does not reload the config): before, it killed
    /// `serve` and left its socket file behind.
    @Test func sighupStopsCleanlyAndRemovesTheSocket() throws {
        let daemon = LiveDaemon()
        let idle = try daemon.client()
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: idle)["ok"] == "true")
        daemon.process.signal(SIGHUP)
        #expect(daemon.process.waitForExit() == 0)
        #expect(daemon.notify.receive() == "STOPPING=1")
        #expect(access(daemon.socket, F_OK) != 0)
        #expect(daemon.process.stderrText.contains("cause=SIGHUP"))
    }

    @Test func jsonLogFormat() {
        let daemon = LiveDaemon(["--log-format", "json"])
        #expect(daemon.stop() == 0)
        let lines = daemon.process.stderrText.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"time":""#) && $0.hasSuffix("}") })
    }

    /// A uid other than the daemon's: without `--allow-uid` the socket's mode (0600) keeps it out and
    /// the client says how to let it in; with `--allow-uid` for another uid the socket is 0666 and the
    /// peer check refuses it; with its own uid it is served. The socket's directory, a private one made
    /// by the test, is opened to everyone once the daemon has warned that it is closed to the allowed
    /// uids. Needs root (to run the client as `nobody`).
    @Test(.enabled(if: getuid() == 0), arguments: [nil, "12345", "65534"] as [String?])
    func foreignUIDIsServedOnlyWhenAllowed(allowing uid: String?) {
        let daemon = LiveDaemon(uid.map { ["--allow-uid", $0] } ?? [])
        var info = stat()
        #expect(stat(daemon.socket, &info) == 0 && info.st_mode & 0o777 == (uid == nil ? 0o600 : 0o666))
        if uid != nil {
            #expect(daemon.process.waitForStderr(containing: "the socket's directory is closed to the uids of --allow-uid"))
        }
        chmod(daemon.directory.path, 0o755)
        let status = Spawned.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Spawned.entryd,
                                                      "status", "--socket", daemon.socket])
        switch uid {
        case nil:
            #expect(status.waitForExit() == 69)
            #expect(status.stderrText.contains("is closed to you; its daemon can let you in with: entryd serve --allow-uid 65534"),
                    "\(status.stderrText)")
        case "12345":
            #expect(status.waitForExit() == 69)
            #expect(status.stderrText.contains("closed the connection without a reply"))
            #expect(daemon.process.waitForStderr(containing: "peer uid not allowed"))
        default:
            #expect(status.waitForExit() == 0, "\(status.stderrText)")
        }
    }
}
