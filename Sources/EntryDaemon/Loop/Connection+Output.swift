import CUV
import EntryKit
import EntryRouter

/// Writing: messages staged during a turn and written once per turn at its flush, writes that the
/// socket did not take queued, the output cap, and reading paused while the output drains.
extension Connection {
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
        guard !state.isClosed, !bytes.isEmpty else { return nil }
        do {
            try writes.write(bytes, to: stream, for: self)
        } catch {
            return closeReason(forWriteError: error)
        }
        if writes.unsentBytes > limits.maxOutput { return .outputCapExceeded(unsent: writes.unsentBytes) }
        if writes.unsentBytes > limits.pauseAbove, case .reading(let input) = state, input.hold != .output {
            setHold(.output)
            uv_read_stop(stream)
        }
        return nil
    }

    /// Whether messages wait in the staged output for `flush` (or staging found the connection must
    /// close, which `flush` does).
    package var hasStagedOutput: Bool { !staged.isEmpty || state.closesAtFlush }

    /// The bytes staged and not yet flushed.
    var stagedBytes: Int { staged.count }

    /// Encodes `reply` into the staged output; `flush` writes it, after everything sent before.
    package func stage(_ reply: borrowing Reply) {
        guard state.takesMessages else { return }
        reply.encode(into: &staged)
        account()
    }

    /// Encodes the reply to a push or open into the staged output, from its parts where the router
    /// keeps them (`EntryReply.encodeReply`).
    package func stage(req: RequestTag?, entry: EntryReply) {
        guard state.takesMessages else { return }
        entry.encodeReply(req: req, into: &staged)
        account()
    }

    /// Encodes `event` into the staged output, whatever it is (a scene's step or modal, a watcher's
    /// news); `flush` writes it, after everything sent before.
    package func stage(_ event: borrowing Event) {
        guard state.takesMessages else { return }
        event.encode(into: &staged)
        account()
    }

    /// The connection's one account: every byte staged for it, by every producer and whatever roles
    /// it holds (a sender's replies, a scene's steps and modals, a watcher's events), counts against
    /// the one output cap with what it has not yet written. Nothing is left out: the router keeps a
    /// scene's own hand-over to a quarter of the cap (`RouterLimits.maxStepBytesInFlight`) and a turn
    /// hands over only the lines whose replies fit in another quarter (`turnOutput`), so a peer that
    /// reads stays well inside it, and one that does not is closed, whatever it is.
    ///
    /// The cap holds as messages are staged, not only when they are flushed: a turn can answer
    /// thousands of lines read together, or tell a watcher of thousands of entries, and all of it
    /// would otherwise be held until the flush. Once the staged and unsent output pass the cap, what
    /// is staged is written ahead of the flush, so that a peer that reads keeps up as before; if the
    /// unsent output is still over the cap, nothing more is staged and `flush` closes the connection.
    /// Its memory stays within the cap and one message.
    ///
    /// The close waits for `flush` (`State.closingAtFlush`): staging happens while the daemon
    /// performs a turn, and a close reports to the daemon, which then changes its table of connections.
    @inline(__always)
    private func account() {
        guard staged.count + writes.unsentBytes > limits.maxOutput else { return }
        if let reason = staged.withUnsafeBytes({ write($0) }) { state = .closingAtFlush(reason, peer: state.peer) }
        staged.removeAll()
    }

    /// Writes the staged output (see `send`), or closes the connection when staging found it must. A
    /// scene's delegate hears at once when the socket took all of it.
    package func flush() {
        askedThisTurn = 0
        if case .closingAtFlush(let reason, _) = state {
            close(reason)
            return
        }
        guard !staged.isEmpty else { return }
        staged.withUnsafeBytes { send($0) }
        staged.removeAll()
        if role == .scene && !state.isClosed && writes.unsentBytes == 0 { drained() }
    }

    /// A scene's output has all been written: the delegate hears it, and the router sends its next steps.
    private func drained() {
        delegate?.connectionDrained(self)
    }

    func writeFinished(byteCount: Int, error: UVError?) {
        writes.finished(byteCount: byteCount)
        if let error {
            if error.code != UV_ECANCELED.rawValue { close(closeReason(forWriteError: error)) }
            return
        }
        guard !state.isClosed, writes.unsentBytes == 0 else { return }
        // Before a close that was waiting for this write: what it carried did leave the daemon.
        if role == .scene { drained() }
        if case .closingOnceWritten(let reason, _) = state {
            close(reason)
        } else if hold == .output {
            setHold(nil)
            resumeInput()
        }
    }

    /// A peer that half-closed and then went away ends this way: writing to it is how its close is
    /// noticed, so it is the end of its input, not a failure.
    private func closeReason(forWriteError error: UVError) -> CloseReason {
        state.peer != nil && (error.code == UV_EPIPE.rawValue || error.code == UV_ECONNRESET.rawValue) ? .endOfInput : .writeFailed(error)
    }
}
