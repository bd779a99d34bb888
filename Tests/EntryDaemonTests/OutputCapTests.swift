import EntryCLI
import EntryHost
@testable import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// The output cap holds as messages are staged: a turn that answers many lines at once never holds
/// more than the cap and one message for a connection, and reading pauses while output waits.
struct OutputCapTests {
    /// A loop with one accepted connection under a 16 KiB output cap, whose peer sent one line and
    /// reads nothing.
    struct Fixture {
        static let cap = 16384
        let directory = TemporaryDirectory()
        let loop: Loop
        let echo: LoopTests.Echo
        let client: Client
        let connection: Connection

        init() throws {
            loop = try Loop()
            echo = try LoopTests.Echo(loop: loop, path: directory.file("s"), limits: ConnectionLimits(maxOutput: Self.cap))
            client = try Client(path: directory.file("s"))
            try client.send("hello")
            try LoopTests.run(loop) { [echo] in echo.lines.count == 1 }
            connection = echo.connections[0]
        }

        func close() throws {
            echo.closeAll()
            try loop.close()
            withExtendedLifetime(client) {}
        }
    }

    static func reply(_ bytes: Int) -> Reply {
        Reply(req: nil, body: .failure(WireError(.badRequest, String(repeating: "x", count: bytes))))
    }

    /// Staged past the cap, a sender's output is written ahead of the flush; once the peer, which
    /// reads nothing, holds up more than the cap, nothing more is staged and the flush closes the
    /// connection, naming no more than the cap and one message.
    @Test func stagingPastTheCapDropsTheOutputAndTheFlushCloses() throws {
        let fixture = try Fixture()
        let (cap, echo, connection) = (Fixture.cap, fixture.echo, fixture.connection)
        var largest = 0
        for _ in 0..<4000 {
            connection.stage(Self.reply(1000))
            largest = max(largest, connection.stagedBytes)
        }
        #expect(largest <= cap + 1100, "staged \(largest) bytes with a cap of \(cap)")
        #expect(connection.hasStagedOutput)
        connection.flush()
        guard case .outputCapExceeded(let held)? = echo.closed.first else {
            Issue.record("closed for \(echo.closed)")
            return
        }
        #expect(held > cap && held <= cap + 1100)
        try fixture.close()
    }

    /// Lines read together reach the delegate only until they have asked for a turn's share of
    /// output; the rest wait in the connection, unread, and follow a share per `turnEnded()`, after
    /// which reading resumes.
    @Test func linesReadTogetherAreHandedOverAShareOfOutputPerTurn() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let limits = ConnectionLimits()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"), limits: limits)
        echo.echoes = false
        echo.asked = limits.turnOutput / 3 + 1
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array((0..<10).map { "line \($0)\n" }.joined().utf8))
        try LoopTests.run(loop) { echo.lines.count >= 3 }
        let connection = echo.connections[0]
        #expect(echo.lines.count == 3)
        #expect(connection.awaitsTurnEnd && echo.awaiting.count == 1)
        connection.turnEnded()
        #expect(echo.lines.count == 6)
        connection.turnEnded()
        connection.turnEnded()
        #expect(echo.lines.count == 10)
        #expect(echo.awaiting.count == 3)
        connection.turnEnded()
        #expect(!connection.awaitsTurnEnd)
        try client.send("after")
        try LoopTests.run(loop) { echo.lines.count == 11 }
        #expect(echo.lines.last == "after")
        echo.closeAll()
        try loop.close()
    }

    /// One thing the daemon can keep for a connection, made about `bytes` long.
    struct Producer: CustomTestStringConvertible, Sendable {
        let name: String
        let stage: @Sendable (Connection, Int) -> Void
        var testDescription: String { name }
    }

    static let producers: [Producer] = [
        Producer(name: "reply") { connection, bytes in connection.stage(reply(bytes)) },
        Producer(name: "entry reply") { connection, bytes in
            connection.stage(req: nil, entry: EntryReply(id: String(repeating: "e", count: bytes), route: "item",
                                                          params: RouteParams(), state: .pending))
        },
        Producer(name: "scene step") { connection, bytes in
            connection.stage(Event.show(scene: "main", screen: String(repeating: "s", count: bytes), route: "item",
                                        tab: "list", entry: "e-1", params: RouteParams()))
        },
        Producer(name: "scene modal") { connection, bytes in
            connection.stage(Event.update(scene: "main", modal: "m-1", params: RouteParams(["text": String(repeating: "u", count: bytes)])))
        },
        Producer(name: "watcher event") { connection, bytes in
            connection.stage(Event.entry(id: String(repeating: "w", count: bytes), state: .queued, route: "item", scene: "main"))
        },
    ]

    /// SPEC §2.3, one account per connection: every producer's bytes count against the one cap,
    /// whatever role the connection has (a scene that watches is a scene; a scene or a watcher that
    /// sends requests gets replies too). A peer that reads nothing is closed holding no more than the
    /// cap and one message, staged and unsent together, by each producer in each role.
    @Test(arguments: [ConnectionRole.sender, .watcher, .scene], producers)
    func everyByteCountsAgainstTheOneCap(role: ConnectionRole, producer: Producer) throws {
        let fixture = try Fixture()
        let (cap, echo, connection) = (Fixture.cap, fixture.echo, fixture.connection)
        connection.role = role
        var held = 0
        for _ in 0..<(64 << 20) / 1000 where echo.closed.isEmpty {
            producer.stage(connection, 1000)
            held = max(held, connection.stagedBytes + connection.unsentBytes)
            connection.flush()
            held = max(held, connection.unsentBytes)
        }
        guard case .outputCapExceeded? = echo.closed.first else {
            Issue.record("\(producer.name) as \(role): closed for \(echo.closed) after holding \(held) bytes")
            return
        }
        #expect(held <= cap + 1200, "\(producer.name) as \(role) held \(held) bytes with a cap of \(cap)")
        try fixture.close()
    }
}

/// The staged-output attack against the real daemon: a client that writes many `status` lines at
/// once and reads nothing is paced, not dropped (it is not read further while its output is over a
/// quarter of the cap, and a turn builds one `status` reply for it at a time), the daemon's memory
/// stays near its resting size, and it goes on serving others.
@Suite(.serialized) struct LiveOutputCapTests {
    static func open(_ count: Int, on client: Client, from first: Int = 0) throws {
        for start in stride(from: first, to: first + count, by: 200) {
            let end = min(start + 200, first + count)
            let lines = (start..<end).map { #"{"op":"open","url":"materunner://records/\#($0)"}"# + "\n" }
            try client.send(bytes: Array(lines.joined().utf8))
            for _ in start..<end {
                #expect(try client.readLine(timeoutMilliseconds: 10_000).map { Summary.of($0)["ok"] } == "true")
            }
        }
    }

    /// Reads `count` replies straight from the socket (the client's line reader takes minutes for
    /// the 100 MB of large replies), each expected to begin `{"ok":true`.
    static func expectReplies(_ count: Int, on client: Client) {
        let ok = Array(#"{"ok":true"#.utf8)
        var (lines, okLines, head) = (0, 0, [UInt8]())
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while lines < count {
            var poller = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10_000) == 1 else { break }
            let n = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            for byte in chunk[..<n] where lines < count {
                if byte == UInt8(ascii: "\n") {
                    lines += 1
                    if head == ok { okLines += 1 }
                    head = []
                } else if head.count < ok.count {
                    head.append(byte)
                }
            }
        }
        #expect(lines == count && okLines == count, "\(lines) replies, \(okLines) ok")
    }

    @Test func manyStatusLinesInOneWriteArePacedNotDropped() throws {
        let cap = 8192
        let daemon = LiveDaemon(["--max-output", String(cap)])
        let sender = try daemon.client()
        try Self.open(30, on: sender)
        let pipeliner = try daemon.client()
        let lines = String(repeating: #"{"op":"status","limit":1000}"# + "\n", count: 300)
        try pipeliner.send(bytes: Array(lines.utf8))
        for _ in 0..<10 { #expect(try daemon.ask(#"{"op":"status","limit":1}"#, on: sender)["ok"] == "true") }
        Self.expectReplies(300, on: pipeliner)
        #expect(!daemon.process.stderrText.contains("over the cap"))
    }

    /// The daemon's peak memory (VmHWM) while a client that does not read has 300 `status` lines
    /// (each asking for every pending entry) waiting: within a few MiB of its resting size, where
    /// building every reply before staging any took about 25 MiB more here (72 before `status` was
    /// paged). The client is still served as it reads (20 replies are read: all 300 would take the
    /// debug daemon a while to build).
    @Test func aBurstOfStatusLinesLeavesTheDaemonNearItsRestingSize() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let sender = try daemon.client()
        try Self.open(3000, on: sender)
        #expect(try daemon.ask(#"{"op":"status","limit":100000}"#, on: sender)["ok"] == "true")
        let resting = Self.peakMemoryKiB(of: daemon.process.pid)
        let pipeliner = try daemon.client()
        let lines = String(repeating: #"{"op":"status","limit":100000}"# + "\n", count: 300)
        try pipeliner.send(bytes: Array(lines.utf8))
        for _ in 0..<20 { #expect(try daemon.ask(#"{"op":"status","limit":1}"#, on: sender)["ok"] == "true") }
        let peak = Self.peakMemoryKiB(of: daemon.process.pid)
        #expect(peak - resting < 8 * 1024, "peak RSS \(peak) KiB against \(resting) KiB at rest")
        Self.expectReplies(20, on: pipeliner)
        #expect(!daemon.process.stderrText.contains("over the cap"))
    }

    /// The `VmHWM` line of `/proc/PID/status`.
    static func peakMemoryKiB(of pid: pid_t) -> Int {
        let text = String(decoding: (try? FileBytes.read("/proc/\(pid)/status").get()) ?? [], as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? .max
    }
}
