import EntryCLI
import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// How a connection reads its peer's lines at the edges: writes that end mid-line, and the end of
/// the stream. In-process, on the loop, with the echo server of `LoopTests`.
struct ConnectionInputTests {
    /// A pipelining client whose every write ends mid-line, each line completing well within the
    /// stall timeout, stays connected for many times the timeout: the timer measures how long the
    /// current partial line has waited, not how long some partial line has been buffered.
    @Test func pipelinedWritesEndingMidLineAreNotTakenForASlowLoris() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let stall: UInt64 = 400
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"),
                                      limits: ConnectionLimits(stallTimeoutMilliseconds: stall))
        echo.echoes = false
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("line 0\nli".utf8))
        let writer = try LoopTimer(loop: loop)
        var writes = 0
        let total = 60
        writer.start(afterMilliseconds: 25, repeatMilliseconds: 25) {
            writes += 1
            try? client.send(bytes: Array("ne \(writes)\nli".utf8))
            if writes == total { writer.stop() }
        }
        LoopTests.run(loop) { echo.lines.count == total || !echo.closed.isEmpty }
        #expect(echo.closed.isEmpty, "closed after \(echo.lines.count) lines, \(writes * 25) ms, for \(echo.closed)")
        #expect(echo.lines == (0..<total).map { "line \($0)" })
        writer.close()
        echo.closeAll()
        try loop.close()
    }

    /// The same client stopping mid-line is still closed after the timeout.
    @Test func aPartialLineAfterCompleteOnesStillStalls() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try LoopTests.Echo(loop: loop, path: directory.file("s"),
                                      limits: ConnectionLimits(stallTimeoutMilliseconds: 30))
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("one\ntwo\nthr".utf8))
        LoopTests.run(loop) { !echo.closed.isEmpty }
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
        LoopTests.run(loop) { !echo.closed.isEmpty }
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
        LoopTests.run(loop) { echo.ended == 1 }
        let quiet = try LoopTimer(loop: loop)
        var waited = false
        quiet.start(afterMilliseconds: 100) { waited = true }
        var iterations = 0
        LoopTests.run(loop) {
            iterations += 1
            return waited
        }
        #expect(echo.closed.isEmpty)
        #expect(iterations < 10, "the loop woke \(iterations) times in 100 ms")
        #expect(LoopTests.text(try client?.readLine(timeoutMilliseconds: 1000)) == "hello")
        client = nil
        var timedOut = false
        quiet.start(afterMilliseconds: 5000) { timedOut = true }
        LoopTests.run(loop) { !echo.closed.isEmpty || timedOut }
        #expect(echo.closed == [.endOfInput], "not closed within 5 s of the peer's close")
        quiet.close()
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
