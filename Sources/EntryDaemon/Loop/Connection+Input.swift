import CUV
import EntryKit
import EntryRouter
import Glibc

/// Reading: the peer's bytes framed into lines and handed to the delegate, held while the output
/// drains or the turn ends, timed while a line is partial, and ended by the peer or the owner.
extension Connection {
    /// Starts reading; `awaitingHello` for a TCP connection, whose first line must show the token
    /// before its lines reach the router (`admit`).
    package func startReading(awaitingHello: Bool = false) throws(UVError) {
        guard case .writing(let peer) = state else { return }
        state = .reading(Input(hold: nil, peer: peer, awaitsHello: awaitingHello))
        try uvCheck(uv_read_start(stream, onAlloc, onRead), "uv_read_start")
    }

    /// Whether the connection's lines go to its owner's check of the token, not the router.
    package var awaitsHello: Bool {
        if case .reading(let input) = state { input.awaitsHello } else { false }
    }

    /// The first line showed the token: the lines from now on go to the router.
    package func admit() {
        guard case .reading(var input) = state else { return }
        input.awaitsHello = false
        state = .reading(input)
    }

    /// Starts the stall timer before the first byte: a TCP peer has the stall timeout to show its
    /// `hello`, or a silent one would hold a client slot without ever being admitted.
    package func timeFirstLine() {
        timePartialLine()
    }

    /// Ends reading for good; frames already decoded are dropped.
    package func stopReading() {
        if case .reading(let input) = state { state = .writing(peer: input.peer) }
        stallTimer.stop()
        uv_read_stop(stream)
    }

    /// Reading is paused until the unsent output has been written.
    package var isPaused: Bool { hold == .output }

    /// The lines handed over this turn asked for their share of output, and the rest wait for its end.
    package var awaitsTurnEnd: Bool { hold == .turn }

    /// Why the lines wait, while reading.
    var hold: InputHold? {
        if case .reading(let input) = state { input.hold } else { nil }
    }

    /// Holds the lines in the decoder for `reason`, or lets them flow (nil), while reading.
    func setHold(_ reason: InputHold?) {
        guard case .reading(var input) = state else { return }
        input.hold = reason
        state = .reading(input)
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
        uv_read_stop(stream)
        guard case .reading(var input) = state else { return }
        input.peer = hasHungUp() ? .hungUp : .halfClosed
        state = .reading(input)
        if decoder.hasPartialLine { decoder.append([UInt8(ascii: "\n")]) }
        deliverFrames()
    }

    /// Hands the decoded frames to the delegate, all stamped with one reading of the clock, taken
    /// when the first of them is complete. Each line is lent where it lies: a slice of the buffer
    /// would cost a retain and a release per line.
    ///
    /// The delegate is unwrapped once, outside the loop: called through the optional, it would be
    /// retained and released around every frame. `state` is read afresh for each frame: the
    /// delegate may stop reading, close the connection or admit it while it holds a line.
    private func deliverFrames() {
        var completedLine = false
        if let delegate {
            var instant: Instant?
            while state.flows && askedThisTurn < limits.turnOutput,
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
            while state.flows, decoder.next() != nil { completedLine = true }
        }
        guard case .reading(let input) = state else { return }
        if input.hold != nil {
            // The lines wait for this side's output to drain or its turn to end, not for the peer.
            stallTimer.stop()
        } else if askedThisTurn >= limits.turnOutput {
            awaitTurnEnd()
            stallTimer.stop()
        } else if let peer = input.peer {
            state = .writing(peer: peer)
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

    /// The lines of this turn asked for their share of output: the next ones stay in the decoder,
    /// and the socket is not read (so the decoder does not grow either), until the turn has ended.
    /// Several hundred lines read at once are so answered a share at a time, each share staged and
    /// written before the next is handed over, and reading stops as soon as the unsent output passes
    /// `pauseAbove`: a client that pipelines is paced by its own reading, and no turn builds more
    /// replies for it than the share and one reply.
    private func awaitTurnEnd() {
        setHold(.turn)
        uv_read_stop(stream)
        delegate?.connectionAwaitsTurnEnd(self)
    }

    /// The turn that answered the lines handed over has ended (its replies are staged and flushed):
    /// lines held for it are handed over now, for the next turn, unless the output is over
    /// `pauseAbove`, when they wait for it to be written instead.
    package func turnEnded() {
        askedThisTurn = 0
        guard hold == .turn else { return }
        setHold(nil)
        resumeInput()
    }

    /// Hands over the lines held, then reads again if they all went and the peer may send more.
    func resumeInput() {
        deliverFrames()
        if case .reading(let input) = state, input.hold == nil, input.peer == nil {
            uv_read_start(stream, onAlloc, onRead)
        }
    }

    /// Whether the peer closed its socket rather than only its sending side (`PeerEnd.hungUp`);
    /// both end reading alike, with the end of the stream.
    private func hasHungUp() -> Bool {
        var fd: uv_os_fd_t = -1
        guard uv_fileno(asHandle(stream), &fd) == 0 else { return true }
        var poller = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLHUP) != 0
    }
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
