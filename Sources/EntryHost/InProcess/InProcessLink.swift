/// A client's connection to an in-process host, as the client holds it: what it writes goes into the
/// host's one queue of inputs, in order, and what the host sends comes back through `receive`.
///
/// Made by `InProcessHost.connect`; the client's transport is the only holder besides the host.
package final class InProcessLink: Sendable {
    private let inputs: AsyncStream<InProcessInput>.Continuation
    /// Called by the host's task with a turn's lines for this connection, in order.
    let receive: @Sendable ([UInt8]) -> Void
    /// Called by the host's task once, when the host ends the connection (a restart, a close the
    /// router asked for, the host stopping). Nothing is received after it.
    let end: @Sendable () -> Void

    init(inputs: AsyncStream<InProcessInput>.Continuation, receive: @escaping @Sendable ([UInt8]) -> Void,
         end: @escaping @Sendable () -> Void) {
        self.inputs = inputs
        self.receive = receive
        self.end = end
    }

    /// Bytes the client wrote: the lines in one write are one turn, as lines read together are.
    /// False when the host has stopped.
    package func write(_ bytes: [UInt8]) -> Bool {
        if case .terminated = inputs.yield(.bytes(self, bytes)) { return false }
        return true
    }

    /// The client closed the connection (R15 for a scene).
    package func close() {
        inputs.yield(.closed(self))
    }

    /// The client is done with `count` events the host sent it: its reader asked for the next one, so
    /// whatever the app did about them is over.
    package func handled(_ count: Int) {
        inputs.yield(.handled(self, count))
    }
}

/// What reaches the in-process host, one at a time and in the order sent: the clients' inputs, and
/// the test's own requests of the host.
enum InProcessInput: Sendable {
    case opened(InProcessLink)
    case bytes(InProcessLink, [UInt8])
    case closed(InProcessLink)
    case handled(InProcessLink, Int)
    case restart(CheckedContinuation<Void, any Error>)
    case quiescence(CheckedContinuation<InProcessHost.Quiescence, Never>)
    case stop
}
