import EntryCLI
import EntryDaemon
@testable import EntryDaemon
import Glibc
import Testing

/// The client limit against the system's: the open-file limit and the listen backlog.
@Suite(.serialized) struct ClientLimitTests {
    @Test(arguments: [(1024, 64, 10, 38), (10, 64, 10, 10), (1024, 20, 10, 1), (1024, 1_048_576, 12, 1024)])
    func clientsFitTheDescriptorsLeft(_ requested: Int, _ limit: Int, _ open: Int, _ expected: Int) {
        #expect(DescriptorLimit.clientsFitting(requested: requested, limit: limit, open: open) == expected)
    }

    /// Under an open-file limit too small to start (soft and hard), `serve` says so and exits 71
    /// (EX_OSERR), whatever store it opens: it used to abort, with a double free when the loop's
    /// init failed (its memory freed on the error path and again by its deinit) or in libuv, which
    /// aborts when it cannot make its signal pipe.
    @Test(arguments: [(4, ":memory:"), (8, ":memory:"), (8, "file"), (12, "file")])
    func aTinyOpenFileLimitIsAClearErrorNotACrash(_ limit: Int, _ store: String) {
        let directory = TemporaryDirectory()
        let daemon = Spawned("/bin/sh", ["-c", #"ulimit -n \#(limit) && exec "$0" "$@""#, Spawned.entryd, "serve",
                                         "--socket", directory.file("s"),
                                         "--store", store == "file" ? directory.file("store.sqlite") : store])
        #expect(daemon.waitForExit() == 71)
        #expect(daemon.stderrText.contains("the open-file limit (RLIMIT_NOFILE) is \(limit) and cannot be raised"),
                "\(daemon.stderrText)")
    }

    /// Under `ulimit -n 64` the daemon lowers `--max-clients` with a warning, and every client over
    /// it gets the `too_many_clients` reply: none is closed without a word (as libuv does at EMFILE).
    @Test func clientsOverTheOpenFileLimitAreAnsweredTooManyClients() throws {
        let directory = TemporaryDirectory()
        let socket = directory.file("s")
        let notify = NotifySocket(path: directory.file("n"))
        let daemon = Spawned("/bin/sh", ["-c", #"ulimit -n 64 && exec "$0" "$@""#, Spawned.entryd, "serve",
                                         "--socket", socket, "--store", directory.file("store.sqlite")],
                             environment: Spawned.environment(["NOTIFY_SOCKET": notify.path]))
        #expect(notify.receive() == "READY=1")
        #expect(daemon.waitForStderr(containing: "lowered to fit the open-file limit"))
        let logged = daemon.stderrText.split(separator: " ").first { $0.hasPrefix("max_clients=") }
        let allowed = logged.flatMap { Int($0.dropFirst("max_clients=".count)) }
        #expect(allowed.map { $0 > 0 && $0 < 64 } == true)
        let clients = try (0..<80).map { _ in try Client(path: socket) }
        var served = 0
        var refused = 0
        for client in clients {
            try? client.send(#"{"op":"status","req":1}"#)
            let reply = Summary.of(try client.readLine(timeoutMilliseconds: 5000) ?? [])
            if reply["ok"] == "true" { served += 1 }
            if reply["code"] == "too_many_clients" { refused += 1 }
        }
        #expect(served + refused == clients.count, "\(clients.count - served - refused) closed without a reply")
        #expect(served == allowed)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    /// A burst of non-blocking connects, all made while the daemon cannot accept any (it is stopped),
    /// all succeed: the listen backlog holds `--max-clients` of them, not 128.
    @Test func aBurstOfConnectsFitsTheBacklog() throws {
        let daemon = LiveDaemon(["--max-clients", "600"])
        let address = try #require(UnixAddress(path: daemon.socket))
        daemon.process.signal(SIGSTOP)
        var descriptors: [Int32] = []
        var refused = 0
        for _ in 0..<500 {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            if address.withSockaddr({ connect(fd, $0, $1) }) != 0 { refused += 1 }
            descriptors.append(fd)
        }
        daemon.process.signal(SIGCONT)
        #expect(refused == 0, "\(refused) of 500 connects failed")
        for fd in descriptors { close(fd) }
        #expect(try daemon.ask(#"{"op":"status","req":1}"#, on: daemon.client())["ok"] == "true")
    }
}
