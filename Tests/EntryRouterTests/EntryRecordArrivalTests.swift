import Testing
@testable import EntryRouter

/// A record says whether it was made as its entry arrived: the store skips an entry that arrives and
/// finishes in one commit, so a record marked wrongly would lose a live entry or keep a finished one.
@Suite struct EntryRecordArrivalTests {
    private let record = EntryRecord(
        id: "e-1", source: .push, route: "notice", params: ["arg": "a"], collapseId: "c", kind: "serviceNotice",
        priority: 4, identity: nil, received: Instant(milliseconds: 1_000), expires: nil, state: .pending, scene: nil)

    @Test func aRecordBuiltOutsideTheRouterIsNoArrival() {
        #expect(!record.isArrival)
    }

    /// The mark says how the record reached the store, not what the entry is.
    @Test func theMarkTakesNoPartInEqualityOrHash() {
        let marked = record.marked(arrival: true)
        #expect(marked.isArrival && !record.isArrival)
        #expect(marked == record)
        #expect(marked.hashValue == record.hashValue)
        #expect(!marked.marked(arrival: false).isArrival)
    }

    /// Changing a marked record's fields keeps the mark; the mark on a copy leaves the original.
    @Test func theMarkSurvivesChangesAndCopies() {
        var marked = record.marked(arrival: true)
        let copy = marked
        marked.state = .replaced
        #expect(marked.isArrival && copy.isArrival && copy.state == .pending)
    }

    /// Two pushes of one collapseId in a turn: the first arrives and is replaced, the second arrives
    /// and waits. Only the arrivals are marked; the replacement, in the next turn too, is not.
    @Test func theRouterMarksExactlyTheArrivals() {
        var harness = Harness()
        harness.send(2, push("notice", "a", collapseId: "c"))
        harness.send(2, push("notice", "b", collapseId: "c"))
        let first = harness.endTurn().records
        #expect(first.map(\.id) == ["e-1", "e-1", "e-2"])
        #expect(first.map(\.state) == [.pending, .replaced, .pending])
        #expect(first.map(\.isArrival) == [true, false, true])
        harness.send(2, push("notice", "c", collapseId: "c"))
        let second = harness.endTurn().records
        #expect(second.map(\.id) == ["e-3", "e-2"] || second.map(\.id) == ["e-2", "e-3"])
        #expect(second.filter(\.isArrival).map(\.id) == ["e-3"])
    }

    /// Restored entries were stored: whatever happens to them is never an arrival.
    @Test func restoredEntriesAreNoArrivals() {
        var harness = Harness(restoring: [record], nextEntryNumber: 2)
        let recovered = harness.endTurn().records
        harness.send(2, .retract(.collapseId("c")))
        let retracted = harness.endTurn().records
        #expect((recovered + retracted).contains { $0.id == "e-1" })
        #expect((recovered + retracted).allSatisfy { !$0.isArrival })
    }
}
