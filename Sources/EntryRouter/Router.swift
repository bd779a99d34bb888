/// The engine: inputs in, effects out. No I/O, no clock, deterministic.
///
/// The daemon hands every decoded line, disconnect, turn boundary and timer to `handle(_:at:)`
/// and performs the effects it returns.
public struct Router: Sendable {
    public let config: Config
    public let limits: RouterLimits

    public init(config: Config, limits: RouterLimits = RouterLimits()) {
        self.config = config
        self.limits = limits
    }

    public mutating func handle(_ input: Input, at now: Instant) -> [Effect] {
        switch input {
        case .request(let connection, let request):
            let body: Result<ReplyBody, WireError>
            switch request.op {
            case .status: body = .success(.status(StatusReport()))
            default: body = .failure(WireError(.unknownOp, "not implemented yet"))
            }
            return [.send(connection, .reply(Reply(req: request.req, body: body)))]
        case .invalid(let connection, let req, let error, let close):
            var effects: [Effect] = [.send(connection, .reply(Reply(req: req, body: .failure(error))))]
            if close { effects.append(.close(connection)) }
            return effects
        case .disconnected, .turnEnded, .timer, .shutdown:
            return []
        }
    }
}

/// The router's limits (SPEC §3); each has a `serve` flag.
public struct RouterLimits: Sendable, Hashable {
    public var maxPending: Int
    public var maxPayloadBytes: Int
    public var maxURLBytes: Int
    public var maxCollapseIdBytes: Int
    /// How long sender ids and launch fingerprints are remembered (R18), in milliseconds.
    public var dedupeWindowMilliseconds: Int64

    public init(maxPending: Int = 100_000, maxPayloadBytes: Int = 4096, maxURLBytes: Int = 2048,
                maxCollapseIdBytes: Int = 64, dedupeWindowMilliseconds: Int64 = 24 * 3600 * 1000) {
        self.maxPending = maxPending
        self.maxPayloadBytes = maxPayloadBytes
        self.maxURLBytes = maxURLBytes
        self.maxCollapseIdBytes = maxCollapseIdBytes
        self.dedupeWindowMilliseconds = dedupeWindowMilliseconds
    }
}
