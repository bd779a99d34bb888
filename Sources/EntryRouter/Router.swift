import EntryKit

/// The engine: inputs in, decisions out. No I/O, no clock, deterministic.
///
/// The daemon hands every decoded line, disconnect and drained connection to `enqueue(_:at:)`, where it
/// joins the current turn, and ends the turn with `endTurn(_:at:into:)` at the end of a loop turn, when
/// a timer it was asked for fires, or when it stops. The turn's inputs are then handled in order,
/// presents and shows decided, and everything decided is handed back at once in a `TurnResult`:
/// the records to persist (none for a router made with `persisting: false`), the replies in request
/// order, the events, the closes and a timer. The router calls nothing while it works; the daemon
/// performs the result once `endTurn` has returned. `handle(_:at:)` is the same path for a caller that
/// wants `Effect` values, one input at a time (an app that embeds the engine, tests, tools): the
/// public one, as `enqueue`, `endTurn` and `TurnResult` are the daemon's (docs/EMBEDDING.md).
public struct Router: Sendable {
    package let config: Config
    package let limits: RouterLimits
    /// Whether the turn's records are returned as `persist` effects. False when whatever receives them
    /// keeps nothing (the daemon's `:memory:` store): then no record is built at all, and everything
    /// else the router returns (replies, events, closes, timers) is the same as when it persists.
    package let persisting: Bool
    let routing: any EntryRouting

    var scenes: [String: Scene] = [:]
    /// Every scene name ever connected: a later op for a gone name is `not_a_scene`, not `unknown_scene`.
    var knownScenes: Set<String> = []
    var watchers: Set<ConnectionID> = []
    /// The step events sent to each connection since it last reported everything written, in bytes
    /// (`RouterLimits.maxStepBytesInFlight`); a connection is absent while it has none.
    var stepBytes: [ConnectionID: Int] = [:]
    /// What each route's entries share, made once per route.
    var routes: RouteRegistry
    var inbox = Inbox()
    /// Entries whose modal is gone but whose accepted action still has steps to run (state
    /// `presented`), each waiting for a scene of its name to be ready again (docs/PROTOCOL.md, across restarts).
    var runs: [Entry] = []
    var dedupe: DedupeWindow
    var expiry = ExpiryQueue()
    /// Entries per state; terminal states count every entry that ended there since the start, and
    /// `duplicate` counts the requests answered as repeats (they create no entry).
    var counts = StateCounts()
    var nextEntryNumber: UInt64
    /// The next modal and screen numbers, and the ones the store last heard of (`Record.issued`).
    var issued: IssuedNumbers
    var issuedRecorded: IssuedNumbers
    var nextSeq: UInt64 = 1
    var nextReadySince: UInt64 = 1
    var shuttingDown = false
    var armed: Instant?
    var turn = Turn(now: Instant(milliseconds: 0), firstSeq: 1)
    /// The turn's inputs so far. The array keeps its capacity from turn to turn (`runQueued`), so a busy
    /// turn's appends neither allocate nor move the inputs queued before them.
    private var inputs: [QueuedInput] = []
    private var unrecovered: [EntryRecord]?

    /// A router with nothing to restore, as an app that embeds it makes one (docs/EMBEDDING.md).
    ///
    /// - Parameters:
    ///   - persisting: false to get no `persist` effects, for a host that keeps nothing across
    ///     launches (the records are opaque outside this package: only the daemon's store reads them).
    public init(config: Config, routing: RoutingTable, limits: RouterLimits = RouterLimits(), persisting: Bool = true) {
        self.init(config: config, routing: routing as any EntryRouting, limits: limits, restoring: [],
                  persisting: persisting)
    }

    /// A router on any routing, taking back what a store kept, as the daemon makes one after a restart.
    ///
    /// - Parameters:
    ///   - entries: the store's entries that were still waiting (R16); `recover(at:)` takes them back.
    ///   - seen: the store's dedupe window (R18).
    ///   - nextEntryNumber: the next `e-N` to generate, so ids never repeat across restarts.
    ///   - issued: the next `m-N` and `s-N`, as the store kept them (docs/PROTOCOL.md, across restarts).
    ///   - persisting: false to get no `persist` effects, for a caller that would drop them. A push
    ///     makes up to three records (its dedupe key, itself, the entry it replaces), each built,
    ///     carried to the store and destroyed, so the default keeps them only where they are kept.
    package init(config: Config, routing: any EntryRouting, limits: RouterLimits = RouterLimits(),
                 restoring entries: [EntryRecord] = [], seen: [SeenKey] = [], nextEntryNumber: UInt64 = 1,
                 issued: IssuedNumbers = IssuedNumbers(), persisting: Bool = true) {
        self.config = config
        self.routing = routing
        self.limits = limits
        self.persisting = persisting
        self.routes = RouteRegistry(config: config, routing: routing)
        self.dedupe = DedupeWindow(window: limits.dedupeWindowMilliseconds, maxKeys: limits.maxDedupeKeys, restoring: seen)
        self.nextEntryNumber = nextEntryNumber
        self.issued = issued
        self.issuedRecorded = issued
        self.unrecovered = entries
    }

    /// Hands in an input that joins the turn (a request, an invalid line, a disconnect, a drain): it is
    /// queued, and nothing comes of it until the turn ends. The input is consumed: it moves into the
    /// turn's queue, where a borrowed one would be copied (every string and payload of a request
    /// retained, and released again when the caller drops its own).
    package mutating func enqueue(_ input: consuming Input, at now: Instant) {
        assert(Self.joinsTurn(input), "an input that ends a turn goes to endTurn")
        inputs.append(QueuedInput(input: input, at: now))
    }

    /// Ends the turn: handles its inputs in order, decides presents and shows, and hands back what
    /// it decided in `result`, which the caller emptied (`TurnResult.clear`) and keeps from turn to
    /// turn. The first call takes back the restored entries first (`recover(at:)`), and their records
    /// and timer come before the turn's.
    package mutating func endTurn(_ end: TurnEnd, at now: Instant, into result: inout TurnResult) {
        recover(at: now, into: &result)
        if case .shutdown = end { inputs.append(QueuedInput(input: .shutdown, at: now)) }
        runQueued(at: now)
        emit(into: &result)
    }

    /// Hands in one input, as `enqueue` or `endTurn` would take it, and returns what that hands back as
    /// effects: nothing for an input that only joins the turn, except on the first call, which carries
    /// the recovery's effects when `recover(at:)` was not called.
    public mutating func handle(_ input: consuming Input, at now: Instant) -> [Effect] {
        var result = TurnResult()
        recover(at: now, into: &result)
        var effects = result.effects
        result.clear()
        switch input {
        case .turnEnded: endTurn(.turnEnded, at: now, into: &result)
        case .timer: endTurn(.timer, at: now, into: &result)
        case .shutdown: endTurn(.shutdown, at: now, into: &result)
        case .request, .invalid, .disconnected, .drained: enqueue(input, at: now)
        }
        effects += result.effects
        return effects
    }

    private static func joinsTurn(_ input: borrowing Input) -> Bool {
        switch input {
        case .request, .invalid, .disconnected, .drained: true
        case .turnEnded, .timer, .shutdown: false
        }
    }

    /// Takes back the restored entries (R16): those past their expiry end `expired`, the others wait
    /// unassigned, as no scene exists after a restart; a present that was never acknowledged is
    /// handed over again (R15). Returns the records to persist and the first timer. The first
    /// `endTurn` or `handle` does it when the caller did not; later calls return nothing.
    package mutating func recover(at now: Instant) -> [Effect] {
        var result = TurnResult()
        recover(at: now, into: &result)
        return result.effects
    }

    private mutating func recover(at now: Instant, into result: inout TurnResult) {
        guard let records = unrecovered else { return }
        unrecovered = nil
        turn.reset(now: now, firstSeq: nextSeq)
        restore(records)
        dedupe.prune(at: now)
        emit(into: &result)
    }

    /// Handles the turn's inputs and decides. A turn that carries `expiration: 0` entries runs on a
    /// copy first: when one of them could not be presented or shown, the turn runs again from the
    /// start without it, so a refused entry leaves no trace (no record, no replacement, no event).
    private mutating func runQueued(at now: Instant) {
        var batch: [QueuedInput] = []
        swap(&batch, &inputs)
        if batch.contains(where: { Self.hasZeroExpiration($0.input) }) {
            runRefusing(&batch, endingAt: now)
        } else {
            run(&batch, refusing: [], endingAt: now)
        }
        // What is left are placeholders; the emptied array becomes the next turn's queue (nothing is
        // queued while a turn ends), unless an unusually busy turn grew it past what is worth keeping.
        batch.empty(keepingAtMost: Self.keptQueueCapacity)
        inputs = batch
    }

    /// Runs a turn that carries `expiration: 0` entries until none of them is refused, each run from
    /// the router as it was before the turn, without the inputs refused so far. Kept apart from
    /// `runQueued`, so that the usual turn neither copies the router nor keeps its inputs for a second run.
    private mutating func runRefusing(_ batch: inout [QueuedInput], endingAt now: Instant) {
        let start = self
        let kept = batch
        var refused: Set<Int> = []
        while true {
            run(&batch, refusing: refused, endingAt: now)
            let more = turn.refused.filter { !refused.contains($0) }
            guard !more.isEmpty else { return }
            refused.formUnion(more)
            self = start
            batch = kept
        }
    }

    /// The most inputs whose room the queue keeps between turns (a few hundred kilobytes).
    private static let keptQueueCapacity = 4096

    /// Handles the inputs of `batch` in order, leaving `.turnEnded` in their places: each input is taken
    /// out rather than copied, so a request's strings are retained and released once less. The turn
    /// was emptied by the last `emit`, keeping its arrays' room, so reserving room for this one
    /// allocates only when it is busier than any kept so far.
    private mutating func run(_ batch: inout [QueuedInput], refusing refused: Set<Int>, endingAt end: Instant) {
        turn.start(now: batch.first?.at ?? end, firstSeq: nextSeq)
        // The turn's effects are gathered in this array: a push records up to three things (its dedupe
        // key, itself, an entry it replaces) and is answered once. Growing it step by step instead
        // would move every effect of a busy turn again with each reallocation. A router that does not
        // persist records nothing, and reserves nothing.
        if persisting { turn.persists.reserveCapacity(4 * batch.count + 1) }
        // An input makes at most one entry that arrives, except a hand-over's scene op (none at all);
        // growing the outcomes step by step would move them with each reallocation.
        turn.outcomes.reserveCapacity(batch.count)
        // Every request is answered once: the replies' array grown step by step would reallocate and
        // move them again and again in a busy turn.
        turn.replies.reserveCapacity(batch.count)
        prefetchDedupeWords(for: batch)
        for index in batch.indices {
            let now = batch[index].at
            var input = Input.turnEnded
            swap(&input, &batch[index].input)
            turn.input = index
            turn.now = max(turn.now, now)
            // Asked only when some input was refused: asking an empty set still hashes the index.
            if !refused.isEmpty, refused.contains(index), case .request(let connection, let request) = input {
                turn.reply(connection, request.req, .final(.failure(WireError(.expired,
                    "expiration 0: no ready scene could present or show the entry in this turn; nothing was kept"))))
                continue
            }
            take(consume input)
        }
        turn.now = max(turn.now, end)
        decide()
        dedupe.prune(at: turn.now)
    }

    /// Handles one input, consumed down to the arrival that keeps what it needs of it: each step moves
    /// the request on instead of borrowing it, so nothing of it is copied on the way and it is destroyed
    /// once, field by field, where its last use is.
    private mutating func take(_ input: consuming Input) {
        switch consume input {
        case .request(let connection, let request):
            if shuttingDown {
                turn.reply(connection, request.req, .final(.failure(WireError(.shuttingDown,
                    "the daemon is shutting down; send the request again once it has restarted"))))
            } else {
                handle(request, from: connection)
            }
        case .invalid(let connection, let req, let error, let close):
            turn.reply(connection, req, .final(.failure(error)))
            if close { turn.closes.append(connection) }
        case .disconnected(let connection):
            disconnect(connection)
        case .drained(let connection):
            drained(connection)
        case .shutdown:
            shuttingDown = true
        case .turnEnded, .timer:
            break
        }
    }

    private static func hasZeroExpiration(_ input: Input) -> Bool {
        guard case .request(_, let request) = input else { return false }
        switch request.op {
        case .push(let push): return push.expiration == 0
        case .open(let open): return open.expiration == 0
        default: return false
        }
    }
}
