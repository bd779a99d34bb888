extension Connection {
    /// Where a connection is in its life: reading, only writing, closing, or closed.
    ///
    /// One value rather than a flag per fact, so that what no code may produce cannot be written: a
    /// closing or closed connection reads nothing (only `.reading` holds an input), a reason to close
    /// exists only while the connection is closing, a hold or a pending `hello` only while it reads,
    /// and a peer that hung up has ended its stream (`PeerEnd`).
    ///
    /// One enum, not one for the input and one for the close: the two are not independent. Closing
    /// ends reading, so a pair would admit combinations (reading while closed, held lines while
    /// closing) that every method would have to rule out again.
    enum State {
        /// Reading: the lines flow to the delegate, or wait in the decoder (`Input.hold`).
        case reading(Input)
        /// Not reading, only writing: before reading starts, and once it ended for good (the owner
        /// stopped it, or every line the peer sent before its end was delivered).
        case writing(peer: PeerEnd?)
        /// Not reading; closes once everything sent so far has been written (`closeAfterFlush`).
        case closingOnceWritten(CloseReason, peer: PeerEnd?)
        /// Staging found the connection must close (a failed write, the output cap passed): nothing
        /// more is staged, and the next `flush`, in the same turn, closes it.
        case closingAtFlush(CloseReason, peer: PeerEnd?)
        /// Closed: its handles are closing, and the delegate was told.
        case closed

        /// Whether lines go to the delegate now: the connection reads, and nothing holds them.
        @inline(__always)
        var flows: Bool {
            if case .reading(let input) = self { input.hold == nil } else { false }
        }

        /// How the peer ended its stream, if it did; nil too once the connection is closed, when
        /// nothing depends on it any more.
        var peer: PeerEnd? {
            switch self {
            case .reading(let input): input.peer
            case .writing(let peer), .closingOnceWritten(_, let peer), .closingAtFlush(_, let peer): peer
            case .closed: nil
            }
        }

        /// Whether messages may still be staged: not once the next flush closes the connection.
        @inline(__always)
        var takesMessages: Bool {
            switch self {
            case .reading, .writing, .closingOnceWritten: true
            case .closingAtFlush, .closed: false
            }
        }

        @inline(__always)
        var closesAtFlush: Bool {
            if case .closingAtFlush = self { true } else { false }
        }

        @inline(__always)
        var isClosed: Bool {
            if case .closed = self { true } else { false }
        }
    }

    /// A reading connection's input.
    struct Input {
        /// Why the lines the decoder holds wait instead of reaching the delegate; nil while they flow.
        var hold: InputHold?
        /// Set at the end of the stream; the lines buffered before it are still delivered, and then
        /// the delegate hears of the end and the connection only writes.
        var peer: PeerEnd?
        /// A TCP connection whose first line has not yet shown the token: its lines go to the owner's
        /// check, not the router.
        var awaitsHello: Bool
    }

    /// Why a connection's lines wait in its decoder.
    enum InputHold {
        /// The unsent output passed `pauseAbove`: until all of it is written.
        case output
        /// The lines of this turn asked for `turnOutput`: until the turn ends.
        case turn
    }

    /// How the peer ended its stream.
    enum PeerEnd {
        /// It shut down its sending side only: what is written to it still reaches it.
        case halfClosed
        /// It closed its socket: nothing written reaches it. A Unix socket reports a hang-up once both
        /// directions are shut down, which a peer's `close` does and its `shutdown(SHUT_WR)` does not.
        case hungUp
    }
}
