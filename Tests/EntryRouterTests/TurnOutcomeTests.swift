import Testing
@testable import EntryRouter

/// A turn keeps the outcome of each entry that arrived in it by position (`seq - firstSeq`): in
/// order, out of order, across gaps, and only for seqs of this turn.
@Suite struct TurnOutcomeTests {
    static func reply(_ id: String, _ state: EntryState = .pending) -> EntryReply {
        EntryReply(id: id, route: "r", params: ["k": id], state: state)
    }

    static func reply(_ turn: Turn, _ seq: UInt64) -> EntryReply? {
        turn.outcomeSlot(seq: seq).map { turn.outcomes[$0].reply }
    }

    @Test func entriesInSeqOrderAreKeptByPosition() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 10)
        #expect(turn.outcomeSlot(seq: 10) == nil, "nothing arrived yet")
        for seq in UInt64(10)..<15 { turn.arrived(Self.reply("e\(seq)"), seq: seq) }
        #expect(turn.outcomes.count == 5)
        for seq in UInt64(10)..<15 { #expect(Self.reply(turn, seq) == Self.reply("e\(seq)")) }
        #expect(turn.outcomeSlot(seq: 9) == nil, "an older entry")
        #expect(turn.outcomeSlot(seq: 15) == nil, "past the last")
    }

    @Test func aSkippedSeqIsAGapThatHoldsNothing() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        turn.arrived(Self.reply("a"), seq: 0)
        turn.arrived(Self.reply("d"), seq: 3)
        #expect(turn.outcomes.count == 4)
        #expect(turn.outcomeSlot(seq: 1) == nil)
        #expect(turn.outcomeSlot(seq: 2) == nil)
        #expect(Self.reply(turn, 3) == Self.reply("d"))
        turn.update(seq: 2, state: .done, params: ["x": "y"])
        #expect(turn.outcomeSlot(seq: 2) == nil, "an update does not make a gap an outcome")
        turn.arrived(Self.reply("c"), seq: 2)
        #expect(Self.reply(turn, 2) == Self.reply("c"), "a gap filled later")
        turn.arrived(Self.reply("a2"), seq: 0)
        #expect(Self.reply(turn, 0) == Self.reply("a2"), "a later arrival with the same seq replaces it")
    }

    @Test func anEntryBeforeTheTurnIsIgnored() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 5)
        turn.arrived(Self.reply("old"), seq: 4)
        #expect(turn.outcomes.isEmpty)
        turn.update(seq: 4, state: .done, params: RouteParams())
        #expect(turn.outcomes.isEmpty)
    }

    @Test func anUpdateSetsStateAndParamsAndKeepsIdAndRoute() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        turn.arrived(Self.reply("a"), seq: 0)
        turn.arrived(Self.reply("b"), seq: 1)
        turn.update(seq: 1, state: .presenting, params: ["p": "q"])
        #expect(Self.reply(turn, 1) == EntryReply(id: "b", route: "r", params: ["p": "q"], state: .presenting))
        #expect(Self.reply(turn, 0) == Self.reply("a"), "the others stay")
    }

    /// An update with the params the outcome holds (the same array) keeps them; one with other
    /// params, equal or not, leaves the outcome holding the new ones' pairs.
    @Test func anUpdateWithTheSameParamsKeepsThemAndOtherParamsReplaceThem() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        let params: RouteParams = ["k": "v"]
        turn.arrived(EntryReply(id: "a", route: "r", params: params, state: .pending), seq: 0)
        turn.update(seq: 0, state: .replaced, params: params)
        #expect(Self.reply(turn, 0) == EntryReply(id: "a", route: "r", params: ["k": "v"], state: .replaced))
        #expect(turn.outcomes[0].reply.params.isStored(as: params))
        turn.update(seq: 0, state: .presenting, params: ["k": "w"])
        #expect(Self.reply(turn, 0) == EntryReply(id: "a", route: "r", params: ["k": "w"], state: .presenting))
        turn.update(seq: 0, state: .done, params: RouteParams())
        #expect(Self.reply(turn, 0) == EntryReply(id: "a", route: "r", params: RouteParams(), state: .done))
    }

    /// Params are one array when one was copied from the other, and only then: equal pairs laid out
    /// apart are not; two empty values share the empty array, and empty and non-empty never do.
    @Test func paramsAreStoredAsOneOnlyWhenCopied() {
        let params: RouteParams = ["k": "v", "l": "w"]
        let copy = params
        #expect(params.isStored(as: copy))
        #expect(!params.isStored(as: ["k": "v", "l": "w"]))
        #expect(!params.isStored(as: ["k": "v"]))
        #expect(RouteParams().isStored(as: RouteParams()))
        #expect(!RouteParams().isStored(as: params))
        #expect(!params.isStored(as: RouteParams()))
    }

    /// An `expiration: 0` entry is refused unless the turn presented, finished or updated it; one whose
    /// outcome the turn does not hold is refused too.
    @Test func refusedFollowsTheOutcomes() {
        var turn = Turn(now: Instant(seconds: 1), firstSeq: 0)
        turn.arrived(Self.reply("a", .presenting), seq: 0)
        turn.arrived(Self.reply("b", .pending), seq: 1)
        turn.arrived(Self.reply("c", .updated), seq: 3)
        turn.mustShow = [(input: 0, seq: 0), (input: 1, seq: 1), (input: 2, seq: 2), (input: 3, seq: 3), (input: 4, seq: 9)]
        #expect(turn.refused == [1, 2, 4])
    }
}
