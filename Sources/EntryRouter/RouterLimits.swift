/// The router's limits (docs/PROTOCOL.md); each has a `serve` flag.
public struct RouterLimits: Sendable, Hashable {
    /// Entries waiting at once (pending or queued) before new ones get `inbox_full`.
    public var maxPending: Int
    public var maxPayloadBytes: Int
    public var maxURLBytes: Int
    public var maxCollapseIdBytes: Int
    /// How long sender ids and launch fingerprints are remembered (R18), in milliseconds.
    public var dedupeWindowMilliseconds: Int64
    /// The most sender ids and launch fingerprints remembered at once: past it the oldest are
    /// forgotten before their window ends, so that the window's memory has a bound whatever the rate
    /// of new ids.
    public var maxDedupeKeys: Int
    /// Scenes one connection may hold at once: every push looks at each scene, so a connection with
    /// thousands of them would slow every other client's requests.
    public var maxScenesPerConnection: Int
    /// Shows sent to a scene whose write has not completed, at most (docs/PROTOCOL.md, across restarts): a hand-over goes out
    /// in batches of this many, the next once the connection has written the last, so a scene's
    /// unsent output stays far below its output cap however many entries wait for it.
    public var maxShowsInFlight: Int
    /// The step events (shows, tab switches, an action's steps) sent to one connection and not yet
    /// written, in bytes, near enough (`Event.stepLineBytes`): a batch stops once it passes this, so that
    /// a scene's own hand-over stays well inside the connection's output cap, which counts it with
    /// everything else the connection is sent. The daemon sets it to a quarter of `--max-output`.
    /// At least one entry goes out per batch, however large.
    public var maxStepBytesInFlight: Int
    /// Screens tracked per scene (its navigation stacks, docs/PROTOCOL.md): an app that never reports its
    /// screens finished would otherwise grow them without end; past it the oldest are forgotten.
    public var maxScreens: Int

    public init(maxPending: Int = 100_000, maxPayloadBytes: Int = 4096, maxURLBytes: Int = 2048,
                maxCollapseIdBytes: Int = 64, dedupeWindowMilliseconds: Int64 = 24 * 3600 * 1000,
                maxScenesPerConnection: Int = 64, maxShowsInFlight: Int = 128, maxDedupeKeys: Int = 1_000_000,
                maxScreens: Int = 1000, maxStepBytesInFlight: Int = 256 * 1024) {
        self.maxPending = maxPending
        self.maxPayloadBytes = maxPayloadBytes
        self.maxURLBytes = maxURLBytes
        self.maxCollapseIdBytes = maxCollapseIdBytes
        self.dedupeWindowMilliseconds = dedupeWindowMilliseconds
        self.maxScenesPerConnection = maxScenesPerConnection
        self.maxShowsInFlight = max(1, maxShowsInFlight)
        self.maxDedupeKeys = maxDedupeKeys
        self.maxScreens = max(1, maxScreens)
        self.maxStepBytesInFlight = max(1, maxStepBytesInFlight)
    }
}
