import CUV
import EntryCLI
import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// How a connection reads its peer's lines at the edges: writes that end mid-line, and the end of
/// the stream. In-process, on the loop, with the echo server of `LoopTests`. Every wait on the loop
/// is bounded (`LoopTests.Waiter`): an event that never comes fails the test, naming the wait.
struct ConnectionInputTests {
    /// A pipelining client whose every write ends mid-line, each line completing in time, is never
    /// taken for a slow loris: every line that completes restarts the stall timer, which measures how
    /// long the current partial line has waited, not how long some partial line has been buffered.
    ///
    /// The timeout is an hour, so it cannot fire during the test; what the test reads is the stall
    /// timer's deadline, the loop's next one, after each line. The loop's clock is let move on between
    /// lines (a 1 ms timer, awaited), so each restart puts the deadline later; a timer started once for
    /// the first partial line would keep it where it was. The waits' handles run only during a wait
    /// (`LoopTests.Waiter`), so no other timer runs when the deadline is read, and a tick already due
    /// when an iteration begins does not leave it asleep until the stall timer, an hour on.
    @Test func pipelinedWritesEndingMidLineAreNotTakenForASlowLoris() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"),
                                      limits: ConnectionLimits(stallTimeoutMilliseconds: 3_600_000))
        echo.echoes = false
        let client = try Client(path: directory.file("s"))
        let tick = try LoopTimer(loop: loop)
        let wait = try LoopTests.Waiter(loop: loop)
        let total = 20
        var deadlines: [UInt64?] = []
        try client.send(bytes: Array("line 0\nli".utf8))
        for line in 0..<total {
            if line > 0 {
                var ticked = false
                tick.start(afterMilliseconds: 1) { ticked = true }
                try wait.run { ticked }
                try client.send(bytes: Array("ne \(line)\nli".utf8))
            }
            try wait.run { echo.lines.count > line || !echo.closed.isEmpty }
            deadlines.append(Self.nextDeadline(of: loop))
        }
        #expect(echo.closed.isEmpty, "closed after \(echo.lines.count) lines for \(echo.closed)")
        #expect(echo.lines == (0..<total).map { "line \($0)" })
        let due = deadlines.compactMap { $0 }
        #expect(due.count == total && zip(due, due.dropFirst()).allSatisfy { $0 < $1 },
                "the stall deadline did not move on with every line: \(deadlines)")
        tick.close()
        wait.close()
        echo.closeAll()
        try loop.close()
    }

    /// When the loop's next timer is due, in the loop's milliseconds; nil when no timer runs.
    static func nextDeadline(of loop: Loop) -> UInt64? {
        let timeout = uv_backend_timeout(loop.raw)
        return timeout < 0 ? nil : uv_now(loop.raw) + UInt64(timeout)
    }

    /// The same client stopping mid-line is still closed after the timeout: the test awaits the
    /// close, and gives up (failing, rather than waiting for ever) only long after it was due.
    @Test func aPartialLineAfterCompleteOnesStillStalls() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"),
                                      limits: ConnectionLimits(stallTimeoutMilliseconds: 30))
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("one\ntwo\nthr".utf8))
        try LoopTests.run(loop) { !echo.closed.isEmpty }
        #expect(echo.lines == ["one", "two"])
        #expect(echo.closed == [.stalled])
        echo.closeAll()
        try loop.close()
    }

    /// The end of the stream ends the last line: a request written without its newline before a
    /// half-close is delivered, and answered before the connection closes.
    @Test func endOfStreamEndsTheLastLine() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"))
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("first\nlast".utf8))
        client.finishSending()
        try LoopTests.run(loop) { !echo.closed.isEmpty }
        #expect(echo.lines == ["first", "last"])
        #expect(echo.closed == [.endOfInput])
        #expect(LoopTests.text(try client.readLine(timeoutMilliseconds: 1000)) == "first")
        #expect(LoopTests.text(try client.readLine(timeoutMilliseconds: 1000)) == "last")
        #expect(try client.readLine(timeoutMilliseconds: 1000) == nil)
        echo.closeAll()
        try loop.close()
    }

    /// A connection kept after its peer half-closed is closed when the peer closes its socket, with
    /// nothing written to it; until then the loop waits (the end of stream, seen once, does not
    /// wake it again).
    @Test func aHalfClosedPeerThatClosesIsNoticedWithoutAWrite() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"))
        echo.keepsHalfClosed = true
        var client: Client? = try Client(path: directory.file("s"))
        try client?.send("hello")
        client?.finishSending()
        let wait = try LoopTests.Waiter(loop: loop)
        try wait.run { echo.ended == 1 }
        // 100 ms with nothing to do: the loop wakes for the quiet timer, not for the ended stream.
        let quiet = try LoopTimer(loop: loop)
        var waited = false
        quiet.start(afterMilliseconds: 100) { waited = true }
        try wait.run { waited }
        quiet.close()
        #expect(echo.closed.isEmpty)
        #expect(wait.iterations < 10, "the loop woke \(wait.iterations) times in 100 ms")
        #expect(LoopTests.text(try client?.readLine(timeoutMilliseconds: 1000)) == "hello")
        client = nil
        try wait.run(withinMilliseconds: 5000) { !echo.closed.isEmpty }
        #expect(echo.closed == [.endOfInput])
        wait.close()
        echo.closeAll()
        try loop.close()
    }
}

/// The daemon at a peer's half-close (`shutdown(SHUT_WR)`): the last request is answered even
/// without its newline, a sender's connection then closes, and a watcher keeps receiving events.
@Suite(.serialized) struct HalfCloseTests {
    @Test func aLastRequestWithoutNewlineIsAnsweredThenTheSenderIsClosed() throws {
        let daemon = LiveDaemon()
        let client = try daemon.client()
        try client.send(bytes: Array(#"{"op":"status","req":1}"#.utf8))
        client.finishSending()
        #expect(Summary.of(try client.readLine(timeoutMilliseconds: 5000) ?? []) == ["ok": "true", "req": "1"])
        #expect(try client.readLine(timeoutMilliseconds: 5000) == nil)
    }

    @Test func aWatcherThatHalfClosesKeepsReceivingEvents() throws {
        let daemon = LiveDaemon()
        let watcher = try LiveConnection(daemon)
        #expect(try watcher.request(#""op":"watch""#).isOK)
        watcher.client.finishSending()
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://records/7","id":"half-1""#).isOK)
        let event = try watcher.event { $0["event"]?.stringValue == "entry" }
        #expect(event.text("id") == "half-1")
    }

    /// A scene that half-closes stays connected; when it then closes its socket it is disconnected
    /// at once, though nothing was written to it.
    @Test func aSceneThatHalfClosesAndThenClosesIsDisconnected() throws {
        let daemon = LiveDaemon()
        let watcher = try LiveConnection(daemon)
        #expect(try watcher.request(#""op":"watch""#).isOK)
        var scene: LiveConnection? = try LiveConnection(daemon)
        #expect(try scene?.request(#""op":"scene.connect","scene":"main""#).isOK == true)
        #expect(try scene?.request(#""op":"scene.appeared","scene":"main","screen":"home""#).isOK == true)
        scene?.client.finishSending()
        let status = try LiveConnection(daemon)
        let scenes = try status.request(#""op":"status""#)["scenes"]?.arrayValue ?? []
        #expect(scenes.map { $0.text("scene") } == ["main"], "still connected after the half-close")
        scene = nil
        let gone = try watcher.event { $0.text("event") == "scene" && $0.text("what") == "disconnected" }
        #expect(gone.text("scene") == "main")
    }
}
