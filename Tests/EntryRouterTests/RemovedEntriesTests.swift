@testable import EntryRouter
import Testing

/// The replaced entries of one arrival: none, one held inline, or more in arrival order.
struct RemovedEntriesTests {
    func entry(_ id: String, seq: UInt64) -> Entry {
        Entry(id: id, params: [:], shape: InboxTests.show, collapseId: nil, identity: nil, scene: nil,
              received: Instant(milliseconds: 1), seq: seq, expires: nil, source: .push, state: .pending)
    }

    @Test func emptyHasNothingToPop() {
        var removed = RemovedEntries()
        #expect(removed.isEmpty && removed.count == 0)
        removed.sortBySeq()
        #expect(removed.popFirst() == nil)
    }

    @Test func oneEntryIsReadAndPopped() {
        var removed = RemovedEntries()
        removed.append(entry("a", seq: 1))
        removed.sortBySeq()
        #expect(removed.map(\.id) == ["a"] && !removed.isEmpty)
        #expect(removed.popFirst()?.id == "a")
        #expect(removed.isEmpty && removed.popFirst() == nil)
    }

    @Test func manyAreSortedBySeqAndPoppedInOrder() {
        var removed = RemovedEntries()
        removed.append(entry("c", seq: 3))
        removed.append(contentsOf: [entry("a", seq: 1), entry("d", seq: 4), entry("b", seq: 2)])
        #expect(removed.map(\.id) == ["c", "a", "d", "b"])
        removed.sortBySeq()
        #expect(removed.map(\.id) == ["a", "b", "c", "d"] && removed.count == 4)
        var popped: [String] = []
        while let first = removed.popFirst() {
            popped.append(first.id)
            #expect(removed.count == 4 - popped.count)
            #expect(removed.map(\.id) == Array(["a", "b", "c", "d"].dropFirst(popped.count)))
        }
        #expect(popped == ["a", "b", "c", "d"] && removed.isEmpty)
    }
}
