/// What one turn produced so far (R5, SPEC §3.1). Nothing leaves the router before the turn ends:
/// replies must carry the state after the turn's present and show decisions, and a reply must not
/// overtake the commit of the records it acknowledges (R16).
struct Turn: Sendable {
    /// The clock of the input being handled.
    var now: Instant
    /// Index of the input being handled, in the turn's input order.
    var input = 0
    /// The turn's records, handed to the turn's output first, in order, when the turn ends.
    var persists: [Record] = []
    var replies: [PendingReply] = []
    var events: [(ConnectionID, Event)] = []
    var closes: [ConnectionID] = []
    /// Connections that disconnected during the turn: nothing more is sent to them.
    var gone: Set<ConnectionID> = []
    /// The seq of the first entry that may arrive in this turn: entries arriving in a turn take
    /// consecutive seqs from it, so their outcomes are kept by position, with no hashing of ids.
    let firstSeq: UInt64
    /// Every entry that arrived this turn, as it stands now (by `seq - firstSeq`): what `push` and
    /// `open` replies report.
    var outcomes: [EntryReply?] = []
    /// Entries sent with `expiration: 0`, by the input that carried them.
    var mustShow: [(input: Int, seq: UInt64)] = []

    init(now: Instant, firstSeq: UInt64) {
        self.now = now
        self.firstSeq = firstSeq
    }

    /// A reply whose body may be decided only at the end of the turn.
    struct PendingReply: Sendable {
        var connection: ConnectionID
        var req: JSONValue?
        var body: Body
    }

    enum Body: Sendable {
        case final(Result<ReplyBody, WireError>)
        /// The state, after the turn's decisions, of the entry that arrived with this seq.
        case entry(id: String, seq: UInt64)
        /// A status report after the turn's decisions, with this many pending entries.
        case status(limit: Int)
    }

    mutating func reply(_ connection: ConnectionID, _ req: JSONValue?, _ body: Body) {
        replies.append(PendingReply(connection: connection, req: req, body: body))
    }

    mutating func send(_ connection: ConnectionID, _ event: Event) {
        events.append((connection, event))
    }

    /// The entry that arrived this turn with `seq`, as it stands now.
    func outcome(seq: UInt64) -> EntryReply? {
        guard seq >= firstSeq, seq - firstSeq < UInt64(outcomes.count) else { return nil }
        return outcomes[Int(seq - firstSeq)]
    }

    /// Where `outcomes` holds the outcome of the entry that arrived this turn with `seq`, if it does.
    func outcomeSlot(seq: UInt64) -> Int? {
        guard seq >= firstSeq, seq - firstSeq < UInt64(outcomes.count) else { return nil }
        let slot = Int(seq - firstSeq)
        return outcomes[slot] == nil ? nil : slot
    }

    /// Takes the outcome of the entry that arrived with `seq` out of the turn, for its one reply. Moved
    /// rather than copied: a copy retained its id, route and params once more, and the turn's end
    /// released them again.
    mutating func takeOutcome(seq: UInt64) -> EntryReply? {
        guard seq >= firstSeq, seq - firstSeq < UInt64(outcomes.count) else { return nil }
        var outcome: EntryReply?
        swap(&outcome, &outcomes[Int(seq - firstSeq)])
        return outcome
    }

    /// Takes the reply at `index` out of the turn, leaving one that holds nothing: see `takeOutcome`.
    /// Returned as its parts, so that `req` moves on into the `Reply` with no copy.
    mutating func takeReply(at index: Int) -> (connection: ConnectionID, req: JSONValue?, body: Body) {
        var reply = PendingReply(connection: ConnectionID(0), req: nil, body: .status(limit: 0))
        swap(&reply, &replies[index])
        return (reply.connection, reply.req, reply.body)
    }

    /// Takes the event at `index` out of the turn, leaving one that holds nothing: see `takeOutcome`.
    mutating func takeEvent(at index: Int) -> (ConnectionID, Event) {
        var event = (ConnectionID(0), Event.dismiss(scene: "", modal: ""))
        swap(&event, &events[index])
        return event
    }

    /// Whether nothing more is sent to `connection` (it disconnected during the turn). Most turns have
    /// no such connection, and asking an empty set still hashes the id.
    func isGone(_ connection: ConnectionID) -> Bool {
        !gone.isEmpty && gone.contains(connection)
    }

    /// Sets the outcome of an entry that arrives now, with the seq `newSeq()` just gave it.
    mutating func arrived(_ reply: EntryReply, seq: UInt64) {
        guard seq >= firstSeq else { return }
        let index = Int(seq - firstSeq)
        if index < outcomes.count {
            outcomes[index] = reply
        } else {
            while outcomes.count < index { outcomes.append(nil) }
            outcomes.append(reply)
        }
    }

    /// Updates the outcome of an entry that arrived this turn, if it did. An entry keeps its id and
    /// route, so only its state and params are set: building a whole reply copied four fields
    /// for the two that change. The outcome is taken out, changed and put back: setting each field
    /// through the optional in the array accessed the element twice and copied it to test for nil, and
    /// binding a swapped-out optional copied the reply (three retains) and destroyed the optional after.
    mutating func update(seq: UInt64, state: EntryState, params: RouteParams) {
        guard seq >= firstSeq, seq - firstSeq < UInt64(outcomes.count) else { return }
        let index = Int(seq - firstSeq)
        guard var reply = outcomes[index].take() else { return }
        reply.state = state
        reply.params = params
        outcomes[index] = reply
    }

    /// The inputs whose `expiration: 0` entry was neither presented nor shown in this turn.
    var refused: [Int] {
        mustShow.filter { item in
            switch outcome(seq: item.seq)?.state {
            case .presenting?, .done?, .updated?: return false
            default: return true
            }
        }.map(\.input)
    }
}
