import CUV
import EntryCLI
import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// The libuv layer in-process: a listener and a blocking client on a temporary socket, driven one
/// loop iteration at a time until the awaited event happened, then everything closed and the loop
/// closed, which fails if any handle was left open.
struct LoopTests {
    /// Accepts connections and echoes every line back; records what happened.
    final class Echo: ConnectionDelegate {
        let loop: Loop
        let listener: PipeListener
        let limits: ConnectionLimits
        var connections: [Connection] = []
        var lines: [String] = []
        var instants: [Instant] = []
        var tooLarge = 0
        var closed: [Connection.CloseReason] = []
        var echoes = true
        /// Keep a connection whose peer half-closed, until the peer closes it, instead of closing it
        /// once its echoes are written.
        var keepsHalfClosed = false
        var ended = 0
        /// What each line's reply is said to take (nothing: an echo is written at once).
        var asked = 0
        /// The connections that wait for `turnEnded()`, each once per wait.
        var awaiting: [Connection] = []

        init(loop: Loop, path: String, limits: ConnectionLimits = ConnectionLimits()) throws {
            self.loop = loop
            self.limits = limits
            listener = try PipeListener(loop: loop)
            try listener.bind(path: path)
            try listener.listen { [unowned self] _ in accept() }
        }

        private func accept() {
            let id = ConnectionID(UInt64(connections.count + 1))
            let connection = try! Connection(loop: loop, id: id, limits: limits)
            try! listener.accept(into: connection)
            connection.delegate = self
            try! connection.startReading()
            connections.append(connection)
        }

        func connection(_ connection: Connection, receivedLine bytes: UnsafeBufferPointer<UInt8>, at instant: Instant) -> Int {
            lines.append(String(decoding: bytes, as: UTF8.self))
            instants.append(instant)
            if echoes {
                var reply = Array(bytes)
                reply.append(UInt8(ascii: "\n"))
                connection.send(reply)
            }
            return asked
        }

        func connectionAwaitsTurnEnd(_ connection: Connection) {
            awaiting.append(connection)
        }

        func connectionReceivedTooLargeLine(_ connection: Connection, at instant: Instant) {
            tooLarge += 1
            connection.stopReading()
        }

        func connectionReachedEnd(_ connection: Connection) {
            ended += 1
            if keepsHalfClosed {
                connection.closeWhenPeerHangsUp()
            } else {
                connection.closeAfterFlush(.endOfInput)
            }
        }

        /// The echo's connections are never scenes, so it never hears this.
        func connectionDrained(_ connection: Connection) {}

        func connectionClosed(_ connection: Connection, reason: Connection.CloseReason) {
            closed.append(reason)
        }

        /// Closes every handle and runs the loop until libuv is done with them.
        func closeAll() {
            for connection in connections { connection.close(.requested("test over")) }
            listener.close()
            loop.run()
        }
    }

    /// A wait on the loop that did not end in time.
    struct WaitTimedOut: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs loop iterations until `condition` holds, each waiting for an event, so this never spins;
    /// past `limit` it throws, naming the line that waited (see `Waiter`).
    static func run(_ loop: Loop, withinMilliseconds limit: UInt64 = 10_000,
                    file: StaticString = #fileID, line: UInt = #line, until condition: () -> Bool) throws {
        guard !condition() else { return }
        let waiter = try Waiter(loop: loop)
        defer { waiter.close() }
        try waiter.run(withinMilliseconds: limit, file: file, line: line, until: condition)
    }

    /// Runs a loop until a condition holds, and never for ever. A timer bounds each wait: an event
    /// that never comes fails the test, naming the wait, instead of hanging the run. And the condition
    /// is looked at before each poll (a prepare handle): an iteration whose timers met it (a 1 ms tick
    /// due by the time the iteration began) does not then sleep until the loop's next timer, which may
    /// be a stall timer an hour away. Both handles run only during a wait, so between waits the loop's
    /// timers are those the test made; `close` before closing the loop.
    final class Waiter {
        private let loop: Loop
        private let bound: LoopTimer
        private let prepare: UnsafeMutablePointer<uv_prepare_t>
        /// The running wait's condition, for the prepare handle.
        private var holds: () -> Bool = { false }
        /// How many loop iterations the last wait ran.
        private(set) var iterations = 0

        init(loop: Loop) throws {
            self.loop = loop
            bound = try LoopTimer(loop: loop)
            prepare = .allocate(capacity: 1)
            uv_prepare_init(loop.raw, prepare)
            prepare.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        }

        func run(withinMilliseconds limit: UInt64 = 10_000, file: StaticString = #fileID, line: UInt = #line,
                 until condition: () -> Bool) throws {
            iterations = 0
            guard !condition() else { return }
            var expired = false
            bound.start(afterMilliseconds: limit) { expired = true }
            withoutActuallyEscaping(condition) { condition in
                holds = { condition() || expired }
                uv_prepare_start(prepare) { handle in
                    guard let handle, let data = handle.pointee.data else { return }
                    if Unmanaged<Waiter>.fromOpaque(data).takeUnretainedValue().holds() { uv_stop(handle.pointee.loop) }
                }
                while !condition() && !expired {
                    loop.runOnce()
                    iterations += 1
                }
                uv_prepare_stop(prepare)
                holds = { false }
            }
            bound.stop()
            guard condition() else {
                throw WaitTimedOut(description: "\(file):\(line): what the loop was run for did not happen within \(limit) ms")
            }
        }

        func close() {
            bound.close()
            prepare.pointee.data = nil
            uv_close(UnsafeMutableRawPointer(prepare).assumingMemoryBound(to: uv_handle_t.self)) { handle in
                UnsafeMutableRawPointer(handle)?.deallocate()
            }
        }
    }

    static func text(_ line: [UInt8]?) -> String? {
        line.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func linesRoundTripAndTheLoopClosesClean() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"))
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("one\ntwo\r\nthr".utf8))
        try LoopTests.run(loop) { echo.lines.count == 2 }
        try client.send(bytes: Array("ee\n\nfour\n".utf8))
        try LoopTests.run(loop) { echo.lines.count == 4 }
        #expect(echo.lines == ["one", "two", "three", "four"], "the empty line is skipped")
        var replies: [String] = []
        while replies.count < 4, let line = LoopTests.text(try client.readLine(timeoutMilliseconds: 1000)) {
            replies.append(line)
        }
        #expect(replies == ["one", "two", "three", "four"])
        echo.closeAll()
        try loop.close()
    }

    /// Frames carry the wall-clock time at which their bytes were read; one read is one instant.
    @Test func framesCarryTheInstantOfTheirRead() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"))
        let client = try Client(path: directory.file("s"))
        let before = WallClock.now()
        try client.send(bytes: Array("one\ntwo\nthree\n".utf8))
        try LoopTests.run(loop) { echo.lines.count == 3 }
        let after = WallClock.now()
        #expect(echo.instants.count == 3)
        #expect(echo.instants.allSatisfy { $0 >= before && $0 <= after })
        #expect(echo.instants == echo.instants.sorted())
        echo.closeAll()
        try loop.close()
    }

    @Test func peerEndClosesAfterTheRepliesAreWritten() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"))
        let client = try Client(path: directory.file("s"))
        try client.send("last")
        client.finishSending()
        try LoopTests.run(loop) { !echo.closed.isEmpty }
        #expect(echo.closed == [.endOfInput])
        #expect(LoopTests.text(try client.readLine(timeoutMilliseconds: 1000)) == "last")
        #expect(try client.readLine(timeoutMilliseconds: 1000) == nil)
        echo.closeAll()
        try loop.close()
    }

    @Test func oversizedLineIsReportedOnce() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"), limits: ConnectionLimits(maxFrame: 8))
        let client = try Client(path: directory.file("s"))
        try client.send("short")
        try client.send("much too long for the limit")
        try LoopTests.run(loop) { echo.tooLarge == 1 }
        #expect(echo.lines == ["short"])
        echo.closeAll()
        try loop.close()
    }

    @Test func partialLineStallsAndIsClosed() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"), limits: ConnectionLimits(stallTimeoutMilliseconds: 20))
        let client = try Client(path: directory.file("s"))
        try client.send(bytes: Array("no newline".utf8))
        try LoopTests.run(loop) { !echo.closed.isEmpty }
        #expect(echo.closed == [.stalled])
        echo.closeAll()
        try loop.close()
    }

    /// A reader that takes nothing while the connection writes more than the cap is dropped.
    @Test func outputOverTheCapClosesTheConnection() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let cap = 65536
        let echo = try Echo(loop: loop, path: directory.file("s"), limits: ConnectionLimits(maxOutput: cap))
        let client = try Client(path: directory.file("s"))
        try client.send("hello")
        try LoopTests.run(loop) { echo.lines.count == 1 }
        let connection = echo.connections[0]
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16384)
        for _ in 0..<1000 where echo.closed.isEmpty { connection.send(chunk) }
        guard case .outputCapExceeded(let unsent) = echo.closed.first else {
            Issue.record("closed for \(echo.closed)")
            return
        }
        #expect(unsent > cap)
        echo.closeAll()
        try loop.close()
        withExtendedLifetime(client) {}
    }

    /// Past the backpressure threshold the connection delivers no line until its output is written.
    @Test func readingPausesWhileOutputIsUnsent() throws {
        let directory = TemporaryDirectory()
        let loop = try Loop()
        let echo = try Echo(loop: loop, path: directory.file("s"), limits: ConnectionLimits(pauseAbove: 1024))
        echo.echoes = false
        let client = try Client(path: directory.file("s"))
        try client.send("first")
        try LoopTests.run(loop) { echo.lines.count == 1 }
        let connection = echo.connections[0]
        var chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65535)
        chunk.append(UInt8(ascii: "\n"))
        var chunks = 0
        for _ in 0..<1000 where !connection.isPaused {
            connection.send(chunk)
            chunks += 1
        }
        try #require(connection.isPaused, "reading did not pause with \(chunks) chunks of 64 KiB unsent")
        try client.send("second")
        var received = 0
        // Each loop iteration waits for the socket; the bound ends a wait for one that never comes.
        let bound = try LoopTimer(loop: loop)
        var expired = false
        bound.start(afterMilliseconds: 10_000) { expired = true }
        while received < chunks && !expired {
            if connection.isPaused { #expect(echo.lines.count == 1) }
            if (try? client.readLine(timeoutMilliseconds: 0)) != nil {
                received += 1
            } else {
                loop.runOnce()
            }
        }
        bound.close()
        try #require(received == chunks, "\(received) of \(chunks) chunks read within 10 s")
        try LoopTests.run(loop) { echo.lines.count == 2 }
        #expect(!connection.isPaused)
        echo.closeAll()
        try loop.close()
    }

    @Test func closingTheLoopWithAnOpenHandleFails() throws {
        let loop = try Loop()
        let timer = try LoopTimer(loop: loop)
        #expect(throws: UVError.self) { try loop.close() }
        timer.close()
        loop.run()
        try loop.close()
    }

    @Test func turnBoundaryEndsTheTurnOnceAfterSeveralMarks() throws {
        let loop = try Loop()
        var turns = 0
        let turn = try TurnBoundary(loop: loop) { turns += 1 }
        let timer = try LoopTimer(loop: loop)
        timer.start(afterMilliseconds: 0) {
            turn.mark()
            turn.mark()
        }
        try LoopTests.run(loop) { turns == 1 }
        #expect(!turn.isMarked)
        turn.close()
        timer.close()
        loop.run()
        #expect(turns == 1)
        try loop.close()
    }

    /// The turn boundary is marked from the first mark until its turn ends, and ignores marks once
    /// closing.
    @Test func turnBoundaryIsMarkedUntilItsTurnEndsAndIgnoresMarksOnceClosing() throws {
        let loop = try Loop()
        var turns = 0
        let turn = try TurnBoundary(loop: loop) { turns += 1 }
        #expect(!turn.isMarked)
        turn.mark()
        #expect(turn.isMarked)
        try LoopTests.run(loop) { turns == 1 }
        #expect(!turn.isMarked)
        turn.close()
        turn.mark()
        #expect(!turn.isMarked)
        loop.run()
        #expect(turns == 1)
        try loop.close()
    }

    /// The boundary's check handle runs for the boundary's whole life, unreferenced: an unmarked
    /// boundary does not keep the loop running, and every marked turn ends once.
    @Test func anUnmarkedTurnBoundaryDoesNotKeepTheLoopRunning() throws {
        let loop = try Loop()
        var turns = 0
        let turn = try TurnBoundary(loop: loop) { turns += 1 }
        loop.run()
        #expect(turns == 0, "the loop returned with nothing marked")
        turn.mark()
        try LoopTests.run(loop) { turns == 1 }
        turn.mark()
        try LoopTests.run(loop) { turns == 2 }
        #expect(!turn.isMarked)
        loop.run()
        #expect(turns == 2)
        turn.close()
        loop.run()
        try loop.close()
    }

    /// A running timer moved keeps its callback and fires once, at the new time; a timer that fired
    /// (or never started) is not moved, and the caller starts it again.
    @Test func aRescheduledTimerKeepsItsCallback() throws {
        let loop = try Loop()
        let timer = try LoopTimer(loop: loop)
        #expect(!timer.reschedule(afterMilliseconds: 0), "never started")
        var fired = 0
        timer.start(afterMilliseconds: 60_000) { fired += 1 }
        #expect(timer.reschedule(afterMilliseconds: 0))
        try LoopTests.run(loop) { fired == 1 }
        #expect(!timer.isActive)
        #expect(!timer.reschedule(afterMilliseconds: 0), "a one-shot timer that fired has no callback left")
        timer.close()
        loop.run()
        #expect(fired == 1)
        try loop.close()
    }

    @Test func errorsNameTheOperationAndLibuvCode() {
        let error = UVError(code: UV_EADDRINUSE.rawValue, operation: "bind /tmp/x")
        #expect(error.name == "EADDRINUSE")
        #expect(error.description == "bind /tmp/x: address already in use (EADDRINUSE)")
    }
}
