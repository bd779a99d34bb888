import EntryKit

/// What the router decided when a turn ended (`Router.endTurn(_:at:into:)`), handed back as values:
/// the records to commit, the replies in request order, the events, the connections to close, the
/// timer to arm and the dedupe keys forgotten. The caller performs it, committing every record before
/// it writes any reply or event (R16), and then `clear`s it and passes it to the next turn's end.
///
/// The router fills it by swapping its own lists with the ones it is given and keeping those for its
/// next turn: one result passed from turn to turn means that neither side copies a turn's output or
/// allocates for it once both sets of lists have grown to a usual turn's size. A result that already
/// holds a turn has the next one appended: the first `endTurn` hands back the recovery's records and
/// timer and then its own turn's, and the daemon performs its start-up turn with its first loop turn.
package struct TurnResult: Sendable {
    /// The records of the turn, in order: all committed before any message of the turn is written.
    package internal(set) var records: [Record] = []
    /// The replies, in request order, to connections still open when the turn ended.
    package internal(set) var replies: [TurnReply] = []
    /// The entries whose replies are `TurnReply.Body.entry`, as the turn left them. Settable only so
    /// that a caller can lend an entry `inout` and read it in place (`EntryOutcome.reply`).
    package var entries: [EntryOutcome] = []
    /// The messages the router sends on its own (a scene's present or show, a watcher's news), after
    /// the replies.
    package internal(set) var events: [(ConnectionID, Event)] = []
    /// Connections to close once what was sent to them before is written.
    package internal(set) var closes: [ConnectionID] = []
    /// Call back with `.timer` at this instant (replaces any earlier request).
    package internal(set) var timer: Instant?
    /// How many of the dedupe window's oldest keys were forgotten for `maxDedupeKeys` (see
    /// `Effect.dedupeKeysEvicted`).
    package internal(set) var evictedDedupeKeys = 0
    /// How many of the scenes' oldest tracked screens were forgotten for `RouterLimits.maxScreens`
    /// (see `Effect.screensForgotten`).
    package internal(set) var forgottenScreens = 0

    package init() {}

    /// Whether there is nothing to perform.
    package var isEmpty: Bool {
        records.isEmpty && replies.isEmpty && events.isEmpty && closes.isEmpty && timer == nil && evictedDedupeKeys == 0
            && forgottenScreens == 0
    }

    /// Empties the result for the next turn, keeping the room of its lists (up to `Turn.keptCapacity`
    /// elements each, so an unusually busy turn's room is given back).
    package mutating func clear() {
        records.empty(keepingAtMost: Turn.keptCapacity)
        replies.empty(keepingAtMost: Turn.keptCapacity)
        entries.empty(keepingAtMost: Turn.keptCapacity)
        events.empty(keepingAtMost: Turn.keptCapacity)
        closes.empty(keepingAtMost: Turn.keptCapacity)
        timer = nil
        evictedDedupeKeys = 0
        forgottenScreens = 0
    }

    /// The result as the effects `Router.handle(_:at:)` returns, in the order the daemon performs them.
    var effects: [Effect] {
        guard !isEmpty else { return [] }
        var effects: [Effect] = records.map { .persist($0) }
        for index in replies.indices {
            let reply = replies[index]
            switch reply.body {
            case .result(let body):
                effects.append(.send(reply.connection, .reply(Reply(req: reply.req, body: body))))
            case .entry(let slot):
                effects.append(.send(reply.connection, .reply(Reply(req: reply.req,
                                                                    body: .success(.entry(entries[slot].reply))))))
            }
        }
        for (connection, event) in events { effects.append(.send(connection, .event(event))) }
        for connection in closes { effects.append(.close(connection)) }
        if let timer { effects.append(.armTimer(timer)) }
        if evictedDedupeKeys > 0 { effects.append(.dedupeKeysEvicted(evictedDedupeKeys)) }
        if forgottenScreens > 0 { effects.append(.screensForgotten(forgottenScreens)) }
        return effects
    }
}

/// The reply to one request, as a turn's end decided it.
package struct TurnReply: Sendable {
    package let connection: ConnectionID
    package let req: RequestTag?
    package let body: Body

    package enum Body: Sendable {
        case result(Result<ReplyBody, WireError>)
        /// The reply to a `push` or `open`: its entry as the turn left it, `TurnResult.entries[slot]`.
        /// Kept where the turn made it rather than copied into a `ReplyBody`, so that a caller encoding
        /// it (the daemon, with `EntryReply.encodeReply`) reads it in place.
        case entry(slot: Int)
    }
}

/// An entry that arrived in a turn, as the turn left it: what the reply to its `push` or `open`
/// reports.
package struct EntryOutcome: Sendable {
    /// Settable only so that a caller can lend it `inout` and read it in place, where reading it from
    /// the array as a value copies it (a retain of its id, route and params, and a release each).
    package var reply: EntryReply
    /// False for a seq that no recorded entry took, before the last one that did.
    var arrived: Bool

    /// A seq no entry took: nothing is allocated for it.
    static var gap: EntryOutcome {
        EntryOutcome(reply: EntryReply(id: "", route: "", params: RouteParams(), state: .pending), arrived: false)
    }

    /// The params are nearly always the ones the outcome holds already (an entry's params change
    /// only when a modal is updated in its slot): then they are left as they are, where assigning
    /// them would retain the new value and release the old one, the same array.
    mutating func set(state: EntryState, params: RouteParams) {
        reply.state = state
        if !reply.params.isStored(as: params) { reply.params = params }
    }
}
