/// The per-connection limits of docs/PROTOCOL.md.
package struct ConnectionLimits: Sendable, Hashable {
    package var maxFrame: Int
    /// Output held for the connection (staged this turn and not yet written) beyond which it is
    /// closed: a reader that cannot keep up. Every byte counts, whatever the connection's roles
    /// (`Connection.account`).
    package var maxOutput: Int
    /// Unsent output beyond which reading pauses until everything is written. At most a quarter of
    /// the cap, so that a client that pipelines requests is paced and never dropped (see `turnOutput`).
    package var pauseAbove: Int
    /// The replies the lines handed over in one turn may ask for, in bytes (each line is charged what
    /// its delegate says its reply may take): past it, the connection's next lines wait in its frame
    /// decoder for the turn to end. A quarter of the cap: a connection is read only below
    /// `pauseAbove`, so its output after a turn stays under half the cap and one reply, and a
    /// client that writes hundreds of requests at once is paced instead of having every reply built
    /// before the cap can act.
    package var turnOutput: Int { max(1, maxOutput / 4) }
    /// How long a partial line may wait for its newline, in milliseconds (slow-loris).
    package var stallTimeoutMilliseconds: UInt64

    package init(maxFrame: Int = 65536, maxOutput: Int = 1 << 20, pauseAbove: Int = 256 * 1024,
                stallTimeoutMilliseconds: UInt64 = 10_000) {
        self.maxFrame = maxFrame
        self.maxOutput = maxOutput
        self.pauseAbove = min(pauseAbove, maxOutput / 4)
        self.stallTimeoutMilliseconds = stallTimeoutMilliseconds
    }
}
