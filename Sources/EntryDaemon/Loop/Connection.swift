import CUV
import EntryRouter
import Glibc
import EntryKit

/// One stream connection, on the Unix socket or a TCP listener: NDJSON framing in, ordered writes out, backpressure,
/// an output cap and a stall timer for partial lines.
package final class Connection: UVHandleOwner {
    package let id: ConnectionID
    package let loop: Loop
    package let limits: ConnectionLimits
    /// Whoever serves the connection. Neither retained nor weak, so it must outlive the connection's
    /// callbacks (the daemon holds its connections and outlives its loop). It is read once per read
    /// from the socket: a weak reference would be loaded from a side table and released again on each
    /// read, with a run-time exclusivity check, and the side table would send every other retain and
    /// release of the delegate down the runtime's slow path.
    @exclusivity(unchecked) package unowned(unsafe) var delegate: ConnectionDelegate?
    /// The `uv_pipe_t` or `uv_tcp_t`, as the stream both are.
    let stream: UnsafeMutablePointer<uv_stream_t>
    package let transport: Transport
    // The properties touched once or more per request or turn (`decoder`, `inputOpen`, `hold` and
    // `askedThisTurn` per frame, `staged` and `isClosing` per message, `writes` per flush) are exempt from the
    // run-time exclusivity check (SE-0176's `@exclusivity`), which would add two runtime calls to
    // every access: a connection lives on the loop thread alone, and no code reached while one of them
    // is being modified touches it again (decoding and encoding call nothing back; libuv calls
    // nothing back from inside `uv_try_write` or `uv_write`; a close during `flush` only sets
    // `isClosing`, a different one; the flags are read between frames, never across a delegate call).
    @exclusivity(unchecked) private var decoder: FrameDecoder
    @exclusivity(unchecked) private var writes = WriteQueue()
    /// Messages encoded this turn and not yet handed to the socket: one write per connection per
    /// turn. The buffer keeps its capacity, so a busy connection encodes without reallocating.
    @exclusivity(unchecked) private var staged = OutputBuffer()
    private let stallTimer: LoopTimer
    /// Watches a peer that half-closed for its close, while the connection is kept for writing.
    private var hangupWatch: HangupWatch?
    @exclusivity(unchecked) package private(set) var isClosing = false
    /// Reading was started and not ended for good (end of input, an oversized frame, shutdown).
    @exclusivity(unchecked) private var inputOpen = false
    /// Why the lines the decoder holds wait instead of reaching the delegate; nil while they flow.
    @exclusivity(unchecked) private var hold: InputHold?
    /// Reading is paused until the unsent output has been written.
    package var isPaused: Bool { hold == .output }
    /// The lines handed over this turn asked for their share of output, and the rest wait for its end.
    package var awaitsTurnEnd: Bool { hold == .turn }
    /// What the lines handed to the delegate since the last turn ended may ask for in replies, in
    /// bytes (what the delegate returned for each).
    @exclusivity(unchecked) private var askedThisTurn = 0
    /// The peer finished sending: what is buffered is delivered, then the delegate hears of the end.
    package private(set) var peerEnded = false
    /// The peer closed its socket, not only its sending side: nothing written reaches it.
    package private(set) var peerClosed = false
    /// A TCP connection whose first line has not yet shown the token: its lines go to the owner's
    /// check, not the router.
    @exclusivity(unchecked) package var awaitsHello = false
    /// What the peer asked to receive, as its owner learned it from its requests.
    @exclusivity(unchecked) package var role = ConnectionRole.sender
    private var closeWhenFlushed: CloseReason?
    /// Why the connection closes at the next `flush`, when staging found it must (see `stage`).
    @exclusivity(unchecked) private var closeAtFlush: CloseReason?
    /// A scene's event bytes staged since its output was last all written. The router paces what it
    /// sends a scene (a batch of shows, the next only once the connection has written it; one modal
    /// at a time), so these are bounded by the router; the output cap bounds the rest, what the scene
    /// asked for (replies), and a scene that reads slowly is never dropped for its own hand-over.
    @exclusivity(unchecked) private var pacedBytes = 0

    package init(loop: Loop, id: ConnectionID, limits: ConnectionLimits, transport: Transport = .unix) throws(UVError) {
        self.loop = loop
        self.id = id
        self.limits = limits
        self.transport = transport
        decoder = FrameDecoder(maxFrame: limits.maxFrame)
        let timer = try LoopTimer(loop: loop)
        do {
            switch transport {
            case .unix:
                stream = asStream(try initializedHandle("uv_pipe_init") { (pipe: UnsafeMutablePointer<uv_pipe_t>) in
                    uv_pipe_init(loop.raw, pipe, 0)
                })
            case .tcp:
                stream = asStream(try initializedHandle("uv_tcp_init") { (tcp: UnsafeMutablePointer<uv_tcp_t>) in
                    uv_tcp_init(loop.raw, tcp)
                })
            }
        } catch {
            timer.close()
            throw error
        }
        stallTimer = timer
        retainOwner(self, in: asHandle(stream))
    }

    /// The peer's uid from `SO_PEERCRED`.
    package func peerUID() throws(UVError) -> uid_t {
        var fd: uv_os_fd_t = -1
        try uvCheck(uv_fileno(asHandle(stream), &fd), "uv_fileno")
        var uid: uid_t = 0
        if entryd_peer_uid(fd, &uid) != 0 { throw UVError(code: -errno, operation: "getsockopt SO_PEERCRED") }
        return uid
    }

    package func startReading() throws(UVError) {
        inputOpen = true
        try uvCheck(uv_read_start(stream, onAlloc, onRead), "uv_read_start")
    }

    /// Starts the stall timer before the first byte: a TCP peer has the stall timeout to show its
    /// `hello`, or a silent one would hold a client slot without ever being admitted.
    package func timeFirstLine() {
        timePartialLine()
    }

    /// Ends reading for good; frames already decoded are dropped.
    package func stopReading() {
        inputOpen = false
        stallTimer.stop()
        uv_read_stop(stream)
    }

    /// Bytes handed over but not yet written.
    package var unsentBytes: Int { writes.unsentBytes }

    /// Writes `bytes` after everything sent before. Over the output cap the connection is closed.
    package func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { send($0) }
    }

    /// Writes `bytes` (copied if the socket does not take them at once); see `send(_:)` on an array.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        if let reason = write(bytes) { close(reason) }
    }

    /// Writes `bytes` and pauses reading past the backpressure threshold; returns why the connection
    /// must close (a failed write, the cap passed), for the caller to close it when that is safe.
    private func write(_ bytes: UnsafeRawBufferPointer) -> CloseReason? {
        guard !isClosing, !bytes.isEmpty else { return nil }
        do {
            try writes.write(bytes, to: stream, for: self)
        } catch {
            return closeReason(forWriteError: error)
        }
        if writes.unsentBytes - pacedBytes > limits.maxOutput { return .outputCapExceeded(unsent: writes.unsentBytes) }
        if writes.unsentBytes > limits.pauseAbove && hold != .output {
            hold = .output
            uv_read_stop(stream)
        }
        return nil
    }

    /// Whether messages wait in the staged output for `flush` (or staging found the connection must
    /// close, which `flush` does).
    package var hasStagedOutput: Bool { !staged.isEmpty || closeAtFlush != nil }

    /// The bytes staged and not yet flushed.
    var stagedBytes: Int { staged.count }

    /// Encodes `reply` into the staged output; `flush` writes it, after everything sent before.
    package func stage(_ reply: borrowing Reply) {
        guard !isClosing, closeAtFlush == nil else { return }
        reply.encode(into: &staged)
        capStagedOutput()
    }

    /// Encodes the reply to a push or open into the staged output, from its parts where the router
    /// keeps them (`EntryReply.encodeReply`).
    package func stage(req: JSONValue?, entry: EntryReply) {
        guard !isClosing, closeAtFlush == nil else { return }
        entry.encodeReply(req: req, into: &staged)
        capStagedOutput()
    }

    /// Encodes `event` into the staged output; `flush` writes it, after everything sent before.
    package func stage(_ event: borrowing Event) {
        guard !isClosing, closeAtFlush == nil else { return }
        let before = staged.count
        event.encode(into: &staged)
        if role == .scene { pacedBytes += staged.count - before }
        capStagedOutput()
    }

    /// Holds the output cap as messages are staged, not only when they are flushed: a turn can answer
    /// thousands of lines read together, and their replies (a `status` each, say) would otherwise all
    /// be held until the flush. Once the staged and unsent output pass the cap, what is staged is
    /// written ahead of the flush, so that a peer that reads keeps up as before; if the unsent output
    /// is still over the cap, nothing more is staged and `flush` closes the connection. Its memory
    /// stays within the cap and one message.
    ///
    /// The close waits for `flush`: staging happens while the daemon performs a turn, and a close
    /// reports to the daemon, which then changes its table of connections.
    ///
    /// A scene's connection is left to the router, which hands entries over to it as the connection
    /// takes them (`ConnectionDelegate.connectionDrained`); its output is capped when it is flushed,
    /// less the events the router paced (`pacedBytes`).
    @inline(__always)
    private func capStagedOutput() {
        guard staged.count + writes.unsentBytes > limits.maxOutput, role != .scene else { return }
        closeAtFlush = staged.withUnsafeBytes { write($0) }
        staged.removeAll()
    }

    /// Writes the staged output (see `send`), or closes the connection when staging found it must. A
    /// scene's delegate hears at once when the socket took all of it.
    package func flush() {
        askedThisTurn = 0
        if let reason = closeAtFlush {
            close(reason)
            return
        }
        guard !staged.isEmpty else { return }
        staged.withUnsafeBytes { send($0) }
        staged.removeAll()
        if role == .scene && !isClosing && writes.unsentBytes == 0 { drained() }
    }

    /// A scene's output has all been written: what the router paced is out, and the delegate hears it.
    private func drained() {
        pacedBytes = 0
        delegate?.connectionDrained(self)
    }

    /// Stops reading and closes once everything sent so far has been written.
    package func closeAfterFlush(_ reason: CloseReason) {
        guard !isClosing else { return }
        stopReading()
        if writes.unsentBytes == 0 {
            close(reason)
        } else {
            closeWhenFlushed = reason
        }
    }

    /// Closes now; unwritten output is dropped.
    package func close(_ reason: CloseReason) {
        guard !isClosing else { return }
        isClosing = true
        inputOpen = false
        stallTimer.close()
        hangupWatch?.close()
        hangupWatch = nil
        closeHandle(asHandle(stream))
        delegate?.connectionClosed(self, reason: reason)
    }

    fileprivate func received(_ bytes: UnsafeRawBufferPointer) {
        decoder.append(bytes)
        deliverFrames()
    }

    /// The end of the stream ends the last line, so a request written without its newline before a
    /// half-close is answered; the lines still buffered are delivered before the delegate hears of
    /// the end (later, if the connection is paused).
    fileprivate func readFailed(_ error: UVError) {
        guard error.isEndOfFile else {
            close(.readFailed(error))
            return
        }
        peerEnded = true
        peerClosed = hasHungUp()
        uv_read_stop(stream)
        if decoder.hasPartialLine { decoder.append([UInt8(ascii: "\n")]) }
        deliverFrames()
    }

    /// Hands the decoded frames to the delegate, all stamped with one reading of the clock, taken
    /// when the first of them is complete. Each line is lent where it lies: a slice of the buffer
    /// would cost a retain and a release per line.
    ///
    /// The delegate is unwrapped once, outside the loop: called through the optional, it would be
    /// retained and released around every frame.
    private func deliverFrames() {
        var completedLine = false
        if let delegate {
            var instant: Instant?
            while inputOpen && hold == nil && !isClosing && askedThisTurn < limits.turnOutput,
                  let frame = decoder.next(lending: { line in
                      let now = instant ?? WallClock.now()
                      instant = now
                      let asked = delegate.connection(self, receivedLine: line, at: now)
                      askedThisTurn &+= asked
                  }) {
                completedLine = true
                if frame == .tooLarge { delegate.connectionReceivedTooLargeLine(self, at: instant ?? WallClock.now()) }
            }
        } else {
            while inputOpen && hold == nil && !isClosing, decoder.next() != nil { completedLine = true }
        }
        guard inputOpen && !isClosing else { return }
        if hold == nil && askedThisTurn >= limits.turnOutput { awaitTurnEnd() }
        if hold != nil {
            // The lines wait for this side's output to drain or its turn to end, not for the peer.
            stallTimer.stop()
        } else if peerEnded {
            inputOpen = false
            stallTimer.stop()
            delegate?.connectionReachedEnd(self)
        } else if !decoder.hasPartialLine {
            stallTimer.stop()
        } else if completedLine || !stallTimer.isActive {
            timePartialLine()
        }
    }

    /// (Re)starts the stall timer for the partial line the decoder holds now. It measures how long
    /// that line has waited for its newline, so it restarts whenever a line completes: a pipelining
    /// client whose writes end mid-line, but whose lines each complete in time, is never taken for
    /// a slow loris.
    private func timePartialLine() {
        guard !stallTimer.reschedule(afterMilliseconds: limits.stallTimeoutMilliseconds) else { return }
        // Unowned, not weak: a weak reference gave the connection a side table, which made each of
        // its retains and releases take the runtime's slow path. The timer is the connection's and
        // drops this closure when the connection closes, so it never fires for a connection gone.
        stallTimer.start(afterMilliseconds: limits.stallTimeoutMilliseconds) { [unowned self] in
            close(.stalled)
        }
    }

    func writeFinished(byteCount: Int, error: UVError?) {
        writes.finished(byteCount: byteCount)
        if let error {
            if error.code != UV_ECANCELED.rawValue { close(closeReason(forWriteError: error)) }
            return
        }
        guard !isClosing, writes.unsentBytes == 0 else { return }
        // Before a close that was waiting for this write: what it carried did leave the daemon.
        if role == .scene { drained() }
        if let reason = closeWhenFlushed {
            close(reason)
        } else if hold == .output {
            hold = nil
            resumeInput()
        }
    }

    /// The lines of this turn asked for their share of output: the next ones stay in the decoder,
    /// and the socket is not read (so the decoder does not grow either), until the turn has ended.
    /// Several hundred lines read at once are so answered a share at a time, each share staged and
    /// written before the next is handed over, and reading stops as soon as the unsent output passes
    /// `pauseAbove`: a client that pipelines is paced by its own reading, and no turn builds more
    /// replies for it than the share and one reply.
    private func awaitTurnEnd() {
        hold = .turn
        uv_read_stop(stream)
        delegate?.connectionAwaitsTurnEnd(self)
    }

    /// The turn that answered the lines handed over has ended (its replies are staged and flushed):
    /// lines held for it are handed over now, for the next turn, unless the output is over
    /// `pauseAbove`, when they wait for it to be written instead.
    package func turnEnded() {
        askedThisTurn = 0
        guard hold == .turn, !isClosing else { return }
        hold = nil
        resumeInput()
    }

    /// Hands over the lines held, then reads again if they all went and the peer may send more.
    private func resumeInput() {
        deliverFrames()
        if inputOpen && hold == nil && !isClosing && !peerEnded {
            uv_read_start(stream, onAlloc, onRead)
        }
    }

    /// Keeps a connection whose peer half-closed for writing, and closes it (as the end of its input)
    /// once the peer closes its socket. Without a descriptor to spare, the close is noticed at the
    /// next write instead.
    package func closeWhenPeerHangsUp() {
        guard peerEnded, !isClosing, hangupWatch == nil else { return }
        var fd: uv_os_fd_t = -1
        guard uv_fileno(asHandle(stream), &fd) == 0 else { return }
        hangupWatch = HangupWatch(loop: loop, watching: fd) { [unowned self] in close(.endOfInput) }
    }

    /// Whether the peer closed its socket: a Unix socket reports a hang-up once both directions are
    /// shut down, which a peer's `close` does and its `shutdown(SHUT_WR)` does not. Both end reading
    /// alike, with the end of the stream.
    private func hasHungUp() -> Bool {
        var fd: uv_os_fd_t = -1
        guard uv_fileno(asHandle(stream), &fd) == 0 else { return true }
        var poller = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLHUP) != 0
    }

    /// A peer that half-closed and then went away ends this way: writing to it is how its close is
    /// noticed, so it is the end of its input, not a failure.
    private func closeReason(forWriteError error: UVError) -> CloseReason {
        peerEnded && (error.code == UV_EPIPE.rawValue || error.code == UV_ECONNRESET.rawValue) ? .endOfInput : .writeFailed(error)
    }

    deinit { UnsafeMutableRawPointer(stream).deallocate() }
}

/// Why a connection's lines wait in its decoder.
enum InputHold {
    /// The unsent output passed `pauseAbove`: until all of it is written.
    case output
    /// The lines of this turn asked for `turnOutput`: until the turn ends.
    case turn
}

private func onAlloc(_ handle: UnsafeMutablePointer<uv_handle_t>?, _ suggested: Int, _ buf: UnsafeMutablePointer<uv_buf_t>?) {
    guard let handle, let buf else { return }
    let buffer = withOwner(of: handle, as: Connection.self) { $0.loop.readBuffer }
    buf.pointee = uv_buf_init(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(buffer.count))
}

private func onRead(_ stream: UnsafeMutablePointer<uv_stream_t>?, _ nread: Int, _ buf: UnsafePointer<uv_buf_t>?) {
    guard let stream else { return }
    withOwner(of: asHandle(stream), as: Connection.self) { connection in
        if nread > 0 {
            connection.received(UnsafeRawBufferPointer(start: connection.loop.readBuffer.baseAddress, count: nread))
        } else if nread < 0 {
            connection.readFailed(UVError(code: Int32(nread), operation: "read"))
        }
    }
}
