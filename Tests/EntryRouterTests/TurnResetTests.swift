import Testing
@testable import EntryRouter

/// The router keeps one turn and empties it between turns: what a turn held is gone, the room of
/// its arrays is kept up to a limit, and the next turn starts where it is told.
@Suite struct TurnResetTests {
    static func reply(_ id: String) -> EntryReply {
        EntryReply(id: id, route: "r", params: ["k": id], state: .pending)
    }

    static func fill(_ turn: inout Turn, count: Int, from seq: UInt64) {
        for offset in 0..<count {
            turn.arrived(reply("e\(offset)"), seq: seq + UInt64(offset))
            turn.reply(ConnectionID(1), .number(Double(offset)), .entry(id: "e\(offset)", seq: seq + UInt64(offset)))
            turn.send(ConnectionID(2), .dismiss(scene: "s", modal: "m\(offset)"))
            turn.closes.append(ConnectionID(3))
            turn.persists.append(.seen(SeenKey(key: "k\(offset)", at: Instant(seconds: 1))))
            turn.mustShow.append((input: offset, seq: seq + UInt64(offset)))
        }
        turn.gone.insert(ConnectionID(4))
    }

    static func isEmpty(_ turn: Turn) -> Bool {
        turn.persists.isEmpty && turn.replies.isEmpty && turn.events.isEmpty && turn.closes.isEmpty
            && turn.outcomes.isEmpty && turn.mustShow.isEmpty && turn.gone.isEmpty
    }

    @Test func resetEmptiesEverythingAndKeepsTheRoom() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 10)
        Self.fill(&turn, count: 20, from: 10)
        turn.input = 19
        let room = (turn.replies.capacity, turn.outcomes.capacity, turn.persists.capacity)
        turn.reset(now: Instant(seconds: 2), firstSeq: 30)
        #expect(Self.isEmpty(turn))
        #expect(turn.now == Instant(seconds: 2))
        #expect(turn.firstSeq == 30)
        #expect(turn.input == 0)
        #expect(!turn.isGone(ConnectionID(4)))
        #expect((turn.replies.capacity, turn.outcomes.capacity, turn.persists.capacity) == room)
    }

    /// Outcomes after a reset are kept by the new first seq, and an old seq is not this turn's.
    @Test func theNextTurnCountsFromItsOwnFirstSeq() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        Self.fill(&turn, count: 3, from: 0)
        turn.reset(now: Instant(seconds: 1), firstSeq: 3)
        #expect(turn.outcomeSlot(seq: 0) == nil, "last turn's entry")
        turn.arrived(Self.reply("next"), seq: 3)
        #expect(turn.outcomeSlot(seq: 3) == 0)
        #expect(turn.outcomes[0].reply == Self.reply("next"))
        #expect(turn.refused.isEmpty, "last turn's expiration-0 entries are gone")
    }

    /// An unusually busy turn gives its room back; a turn within the limit keeps it.
    @Test func roomPastTheLimitIsGivenBack() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        turn.replies.reserveCapacity(Turn.keptCapacity + 1)
        turn.outcomes.reserveCapacity(Turn.keptCapacity)
        Self.fill(&turn, count: 2, from: 0)
        let kept = turn.outcomes.capacity
        turn.reset(now: Instant(seconds: 1), firstSeq: 2)
        #expect(turn.replies.capacity < Turn.keptCapacity)
        #expect(turn.outcomes.capacity == kept)
        #expect(Self.isEmpty(turn))
    }

    /// A turn that held nothing is reset as it is, many times over.
    @Test func anEmptyTurnResetsToItself() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 5)
        for round in 0..<3 {
            turn.reset(now: Instant(seconds: Int64(round)), firstSeq: UInt64(5 + round))
            #expect(Self.isEmpty(turn))
            turn.start(now: Instant(seconds: 9), firstSeq: 7)
            #expect(turn.firstSeq == 7)
        }
    }
}
