import EntryRouter

/// What a connection reports to whoever serves it; all calls happen on the loop thread.
package protocol ConnectionDelegate: AnyObject {
    /// A complete line, lent where it lies in the connection's buffer: the bytes are valid only during
    /// the call. Lines arrive in order, and none arrive while the connection is paused for
    /// backpressure. `instant` is when the bytes were taken in: read once per batch of lines (one read
    /// from the socket), not once per line.
    ///
    /// Returns how many bytes the line's reply may take: once the lines of one turn have asked for
    /// `ConnectionLimits.turnOutput`, the next ones wait in the connection until `turnEnded()`.
    func connection(_ connection: Connection, receivedLine line: UnsafeBufferPointer<UInt8>, at instant: Instant) -> Int
    /// The connection's lines asked for this turn's share of output (`turnOutput`): the rest wait,
    /// unread, until the owner calls `turnEnded()` once this turn's replies are staged and flushed.
    func connectionAwaitsTurnEnd(_ connection: Connection)
    /// A line over the frame limit; no line follows it.
    func connectionReceivedTooLargeLine(_ connection: Connection, at instant: Instant)
    /// The peer finished sending and every line it sent was delivered (the last one ended by the end
    /// of the stream if it had no newline). It may still read what is written to it.
    func connectionReachedEnd(_ connection: Connection)
    /// Everything written to a scene's connection so far has left the daemon: the last write was
    /// taken by the socket at once, or its queued write completed. The router sends a scene its
    /// shows a batch at a time, and finishes each batch only once it hears this (docs/PROTOCOL.md, across restarts).
    func connectionDrained(_ connection: Connection)
    /// The connection started closing; called once, whatever the reason. Nothing is delivered after.
    func connectionClosed(_ connection: Connection, reason: Connection.CloseReason)
}
