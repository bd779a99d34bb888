import EntryKit

/// What one turn produced so far (R5, docs/PROTOCOL.md). Nothing leaves the router before the turn ends:
/// replies must carry the state after the turn's present and show decisions, and a reply must not
/// overtake the commit of the records it acknowledges (R16).
///
/// The router keeps one turn for its whole life and `reset`s it when a turn has been emitted: its
/// arrays keep their room, or are swapped with the emptied ones of the caller's `TurnResult`, so a
/// turn allocates nothing and frees nothing of its own. A turn made new
/// each time would allocate its persists, replies and outcomes and free them again, a fixed cost that
/// a turn of one request would pay in full.
struct Turn: Sendable {
    /// The clock of the input being handled.
    var now: Instant
    /// Index of the input being handled, in the turn's input order.
    var input = 0
    /// The turn's records, handed back first, in order, when the turn ends.
    var persists: [Record] = []
    var replies: [PendingReply] = []
    var events: [(ConnectionID, Event)] = []
    var closes: [ConnectionID] = []
    /// Connections that disconnected during the turn: nothing more is sent to them.
    var gone: Set<ConnectionID> = []
    /// The seq of the first entry that may arrive in this turn: entries arriving in a turn take
    /// consecutive seqs from it, so their outcomes are kept by position, with no hashing of ids.
    private(set) var firstSeq: UInt64
    /// Every entry that arrived this turn, as it stands now (by `seq - firstSeq`): what `push` and
    /// `open` replies report.
    var outcomes: [EntryOutcome] = []
    /// Screens forgotten for the stacks' bound (`RouterLimits.maxScreens`).
    var forgottenScreens = 0
    /// Entries sent with `expiration: 0`, by the input that carried them.
    var mustShow: [(input: Int, seq: UInt64)] = []

    init(now: Instant, firstSeq: UInt64) {
        self.now = now
        self.firstSeq = firstSeq
    }

    /// The most elements an array of the turn keeps room for between turns (a few hundred kilobytes
    /// each): an unusually busy turn's room is given back rather than held for good.
    static let keptCapacity = 4096

    /// Empties the turn for the next one, which starts at `now` with `firstSeq`. What the turn held is
    /// destroyed; the room of its arrays is kept (up to `keptCapacity`), and an array that is empty
    /// already, as most of a quiet turn's are, is not touched.
    mutating func reset(now: Instant, firstSeq: UInt64) {
        persists.empty(keepingAtMost: Self.keptCapacity)
        replies.empty(keepingAtMost: Self.keptCapacity)
        events.empty(keepingAtMost: Self.keptCapacity)
        closes.empty(keepingAtMost: Self.keptCapacity)
        outcomes.empty(keepingAtMost: Self.keptCapacity)
        mustShow.empty(keepingAtMost: Self.keptCapacity)
        if !gone.isEmpty { gone.removeAll() }
        forgottenScreens = 0
        start(now: now, firstSeq: firstSeq)
    }

    /// Starts the next turn on a turn that `reset` emptied.
    mutating func start(now: Instant, firstSeq: UInt64) {
        assert(persists.isEmpty && replies.isEmpty && events.isEmpty && closes.isEmpty && outcomes.isEmpty
            && mustShow.isEmpty && gone.isEmpty, "a turn starts empty")
        self.now = now
        self.firstSeq = firstSeq
        input = 0
    }

    /// A reply whose body may be decided only at the end of the turn.
    struct PendingReply: Sendable {
        var connection: ConnectionID
        var req: RequestTag?
        var body: Body
    }

    enum Body: Sendable {
        case final(Result<ReplyBody, WireError>)
        /// The state, after the turn's decisions, of the entry that arrived with this seq.
        case entry(id: String, seq: UInt64)
        /// A status report after the turn's decisions, of this page.
        case status(StatusPage)
    }

    mutating func reply(_ connection: ConnectionID, _ req: RequestTag?, _ body: Body) {
        replies.append(PendingReply(connection: connection, req: req, body: body))
    }

    mutating func send(_ connection: ConnectionID, _ event: Event) {
        events.append((connection, event))
    }

    /// Where `outcomes` holds the outcome of the entry that arrived this turn with `seq`, if it does.
    func outcomeSlot(seq: UInt64) -> Int? {
        guard seq >= firstSeq, seq - firstSeq < UInt64(outcomes.count) else { return nil }
        let slot = Int(seq - firstSeq)
        return outcomes[slot].arrived ? slot : nil
    }

    /// Takes the reply at `index` out of the turn, leaving one that holds nothing: a copy retained
    /// what the reply holds once more, and dropping the turn released it again.
    /// Returned as its parts, so that `req` moves on into the `TurnReply` with no copy.
    mutating func takeReply(at index: Int) -> (connection: ConnectionID, req: RequestTag?, body: Body) {
        var reply = PendingReply(connection: ConnectionID(0), req: nil, body: .final(.success(.ok)))
        swap(&reply, &replies[index])
        return (reply.connection, reply.req, reply.body)
    }

    /// Whether nothing more is sent to `connection` (it disconnected during the turn). Most turns have
    /// no such connection, and asking an empty set still hashes the id.
    func isGone(_ connection: ConnectionID) -> Bool {
        !gone.isEmpty && gone.contains(connection)
    }

    /// Sets the outcome of an entry that arrives now, with the seq `newSeq()` just gave it. The reply
    /// is taken, not lent: the caller's is made for this call, and moving it in spares a copy of its
    /// id, route and params and the release of the caller's. Entries arrive in seq order, so it
    /// nearly always goes at the end.
    mutating func arrived(_ reply: consuming EntryReply, seq: UInt64) {
        guard seq >= firstSeq else { return }
        let index = Int(seq - firstSeq)
        if index < outcomes.count {
            outcomes[index] = EntryOutcome(reply: reply, arrived: true)
        } else {
            while outcomes.count < index { outcomes.append(.gap) }
            outcomes.append(EntryOutcome(reply: reply, arrived: true))
        }
    }

    /// Updates the outcome of an entry that arrived this turn, if it did. An entry keeps its id and
    /// route, so only its state and params are set: building a whole reply copied four fields
    /// for the two that change, in one access to the element, in place.
    mutating func update(seq: UInt64, state: EntryState, params: RouteParams) {
        guard let slot = outcomeSlot(seq: seq) else { return }
        outcomes[slot].set(state: state, params: params)
    }

    /// The inputs whose `expiration: 0` entry was neither presented nor shown in this turn.
    var refused: [Int] {
        guard !mustShow.isEmpty else { return [] }
        return mustShow.filter { item in
            switch outcomeSlot(seq: item.seq).map({ outcomes[$0].reply.state }) {
            case .presenting?, .done?, .updated?: return false
            default: return true
            }
        }.map(\.input)
    }
}
