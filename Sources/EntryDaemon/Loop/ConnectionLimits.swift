/// The per-connection limits of SPEC §3.
public struct ConnectionLimits: Sendable, Hashable {
    public var maxFrame: Int
    /// Output held for the connection (staged this turn and not yet written) beyond which it is
    /// closed: a reader that cannot keep up. A scene's is checked when flushed (see `stage`).
    public var maxOutput: Int
    /// Unsent output beyond which reading pauses until everything is written.
    public var pauseAbove: Int
    /// How long a partial line may wait for its newline, in milliseconds (slow-loris).
    public var stallTimeoutMilliseconds: UInt64

    public init(maxFrame: Int = 65536, maxOutput: Int = 1 << 20, pauseAbove: Int = 256 * 1024,
                stallTimeoutMilliseconds: UInt64 = 10_000) {
        self.maxFrame = maxFrame
        self.maxOutput = maxOutput
        self.pauseAbove = min(pauseAbove, maxOutput)
        self.stallTimeoutMilliseconds = stallTimeoutMilliseconds
    }
}
