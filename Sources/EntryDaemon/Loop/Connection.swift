import CUV
import EntryKit
import EntryHost
import EntryRouter
import Glibc

/// One stream connection, on the Unix socket or a TCP listener: NDJSON framing in, ordered writes out, backpressure,
/// an output cap and a stall timer for partial lines. Where it is in its life is one value, `state`
/// (`Connection+State.swift`); reading is `Connection+Input.swift`, writing `Connection+Output.swift`.
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
    // The properties touched once or more per request or turn (`state` per frame and per message,
    // `decoder` and `askedThisTurn` per frame, `staged` per message, `writes` per flush) are exempt
    // from the run-time exclusivity check (SE-0176's `@exclusivity`), which would add two runtime
    // calls to every access: a connection lives on the loop thread alone, and no code reached while
    // one of them is being modified touches it again (decoding and encoding call nothing back; libuv
    // calls nothing back from inside `uv_try_write` or `uv_write`). `state` is read or replaced whole,
    // never held across a call out: a close during `flush`, or a delegate that stops reading or
    // closes while `decoder` lends it a line, replaces `state` while no access to it is open.
    /// Where the connection is in its life; a fresh one only writes until `startReading`.
    @exclusivity(unchecked) var state = State.writing(peer: nil)
    @exclusivity(unchecked) var decoder: FrameDecoder
    @exclusivity(unchecked) var writes = WriteQueue()
    /// Messages encoded this turn and not yet handed to the socket: one write per connection per
    /// turn. The buffer keeps its capacity, so a busy connection encodes without reallocating.
    @exclusivity(unchecked) var staged = OutputBuffer()
    let stallTimer: LoopTimer
    /// Watches a peer that half-closed for its close, while the connection is kept for writing.
    var hangupWatch: HangupWatch?
    /// What the lines handed to the delegate since the last turn ended may ask for in replies, in
    /// bytes (what the delegate returned for each).
    @exclusivity(unchecked) var askedThisTurn = 0
    /// What the peer asked to receive, as its owner learned it from its requests.
    @exclusivity(unchecked) package var role = ConnectionRole.sender
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

    /// Whether nothing written reaches the peer any more: it closed its socket, not only its sending
    /// side, or this side closed the connection.
    package var peerClosed: Bool { state.isClosed || state.peer == .hungUp }

    /// Stops reading and closes once everything sent so far has been written. A connection that
    /// staging found must close is closed by the next flush, for that reason.
    package func closeAfterFlush(_ reason: CloseReason) {
        guard !state.isClosed else { return }
        stopReading()
        if writes.unsentBytes == 0 {
            close(reason)
        } else if !state.closesAtFlush {
            state = .closingOnceWritten(reason, peer: state.peer)
        }
    }

    /// Closes now; unwritten output is dropped.
    package func close(_ reason: CloseReason) {
        guard !state.isClosed else { return }
        state = .closed
        stallTimer.close()
        hangupWatch?.close()
        hangupWatch = nil
        closeHandle(asHandle(stream))
        delegate?.connectionClosed(self, reason: reason)
    }

    /// Keeps a connection whose peer half-closed for writing, and closes it (as the end of its input)
    /// once the peer closes its socket. Without a descriptor to spare, the close is noticed at the
    /// next write instead.
    package func closeWhenPeerHangsUp() {
        guard state.peer != nil, hangupWatch == nil else { return }
        var fd: uv_os_fd_t = -1
        guard uv_fileno(asHandle(stream), &fd) == 0 else { return }
        hangupWatch = HangupWatch(loop: loop, watching: fd) { [unowned self] in close(.endOfInput) }
    }

    deinit { UnsafeMutableRawPointer(stream).deallocate() }
}
