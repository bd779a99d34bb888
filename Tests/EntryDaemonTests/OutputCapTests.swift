import EntryCLI
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
            LoopTests.run(loop) { [echo] in echo.lines.count == 1 }
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

    /// A scene's connection is not closed while staging: the router paces what it hands over.
    @Test func aScenesStagedOutputIsLeftToTheRouter() throws {
        let fixture = try Fixture()
        let (cap, echo, connection) = (Fixture.cap, fixture.echo, fixture.connection)
        connection.role = .scene
        for _ in 0..<40 { connection.stage(Self.reply(1000)) }
        #expect(connection.stagedBytes > cap)
        #expect(echo.closed.isEmpty)
        try fixture.close()
    }

    static func show(_ bytes: Int) -> Event {
        .show(scene: "main", screen: String(repeating: "s", count: bytes), route: "item", tab: "list", entry: "e-1",
              params: RouteParams())
    }

    /// A scene whose socket is full keeps its connection when the router's events wait past the cap
    /// (a batch of shows larger than the cap, which the router sends only once the last one was
    /// written), but not when what it asked for does: the cap bounds the scene's replies.
    @Test func aScenesCapCountsItsRepliesNotThePacedEvents() throws {
        let fixture = try Fixture()
        let (cap, echo, connection) = (Fixture.cap, fixture.echo, fixture.connection)
        connection.role = .scene
        var written = 0
        while connection.unsentBytes == 0 && written < 64 << 20 {
            connection.stage(Self.show(1000))
            connection.flush()
            written += 1000
        }
        #expect(connection.unsentBytes > 0, "the peer's socket never filled")

        for _ in 0..<(2 * cap / 1000) { connection.stage(Self.show(1000)) }
        connection.flush()
        #expect(connection.unsentBytes > 2 * cap)
        #expect(echo.closed.isEmpty, "closed for the router's own events: \(echo.closed)")

        connection.stage(Self.reply(cap + 1000))
        connection.flush()
        guard case .outputCapExceeded? = echo.closed.first else {
            Issue.record("a reply past the cap closed nothing: \(echo.closed)")
            return
        }
        try fixture.close()
    }
}

/// The staged-output attack against the real daemon: a client that writes many `status` lines at
/// once and reads nothing is closed when its output passes the cap, holding no more than about the
/// cap, and the daemon goes on serving others.
@Suite(.serialized) struct LiveOutputCapTests {
    @Test func manyStatusLinesInOneWriteAreCutOffAtTheCap() throws {
        let cap = 8192
        let daemon = LiveDaemon(["--max-output", String(cap)])
        let sender = try LiveConnection(daemon)
        for n in 0..<30 { #expect(try sender.request(#""op":"open","url":"materunner://records/\#(n)""#).isOK) }
        let attacker = try daemon.client()
        let lines = String(repeating: #"{"op":"status","limit":1000}"# + "\n", count: 300)
        try? attacker.send(bytes: Array(lines.utf8))
        #expect(daemon.process.waitForStderr(containing: "unsent output over the cap"))
        let logged = daemon.process.stderrText.split(separator: "\n").first { $0.contains("unsent output over the cap") } ?? ""
        let held = logged.split(separator: "(").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? .max
        #expect(held <= 2 * cap, "held \(held) bytes: \(logged)")
        #expect(try sender.request(#""op":"status""#).isOK)
    }
}
