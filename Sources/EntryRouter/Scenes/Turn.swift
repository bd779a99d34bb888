/// What one turn produced so far (R5, SPEC §3.1). Nothing leaves the router before the turn ends:
/// replies must carry the state after the turn's present and show decisions, and a reply must not
/// overtake the commit of the records it acknowledges (R16).
struct Turn: Sendable {
    /// The clock of the input being handled.
    var now: Instant
    /// Index of the input being handled, in the turn's input order.
    var input = 0
    var persists: [Record] = []
    var replies: [PendingReply] = []
    var events: [(ConnectionID, Event)] = []
    var closes: [ConnectionID] = []
    /// Connections that disconnected during the turn: nothing more is sent to them.
    var gone: Set<ConnectionID> = []
    /// Every entry touched this turn, as it stands now: what `push` and `open` replies report.
    var outcomes: [String: EntryReply] = [:]
    /// Entries sent with `expiration: 0`, by the input that carried them.
    var mustShow: [(input: Int, entry: String)] = []

    init(now: Instant) { self.now = now }

    /// A reply whose body may be decided only at the end of the turn.
    struct PendingReply: Sendable {
        var connection: ConnectionID
        var req: JSONValue?
        var body: Body
    }

    enum Body: Sendable {
        case final(Result<ReplyBody, WireError>)
        /// The entry's state after the turn's decisions.
        case entry(String)
        /// A status report after the turn's decisions, with this many pending entries.
        case status(limit: Int)
    }

    mutating func reply(_ connection: ConnectionID, _ req: JSONValue?, _ body: Body) {
        replies.append(PendingReply(connection: connection, req: req, body: body))
    }

    mutating func send(_ connection: ConnectionID, _ event: Event) {
        events.append((connection, event))
    }

    /// The inputs whose `expiration: 0` entry was neither presented nor shown in this turn.
    var refused: [Int] {
        mustShow.filter { item in
            switch outcomes[item.entry]?.state {
            case .presenting?, .done?, .updated?: return false
            default: return true
            }
        }.map(\.input)
    }
}
