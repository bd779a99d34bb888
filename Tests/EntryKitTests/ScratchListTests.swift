import Testing
import EntryKit

/// The list a payload scan records members into: the lent room first, the heap once that is full.
@Suite struct ScratchListTests {
    private struct Record: Equatable {
        var start: Int32
        var end: Int32
        var flag: Bool
    }

    private func record(_ n: Int) -> Record {
        Record(start: Int32(n), end: Int32(n + 4), flag: n.isMultiple(of: 3))
    }

    private func expectHolds(_ list: borrowing ScratchList<Record>, _ count: Int) {
        #expect(list.count == count)
        #expect(list.elements.count == count)
        for n in 0..<count {
            #expect(list[n] == record(n))
            #expect(list.elements[n] == record(n))
        }
    }

    @Test func emptyHoldsNothing() {
        let list = ScratchList<Record>()
        #expect(list.count == 0 && list.elements.isEmpty)
        withStackBuffer(of: Record.self, capacity: 4) { room in
            let lent = ScratchList(lent: room)
            #expect(lent.count == 0 && lent.elements.isEmpty)
        }
    }

    @Test(arguments: [0, 1, 3, 4, 5, 17, 100])
    func growsPastTheLentRoomKeepingEveryElement(count: Int) {
        withStackBuffer(of: Record.self, capacity: 4) { room in
            var list = ScratchList(lent: room)
            for n in 0..<count { list.append(record(n)) }
            expectHolds(list, count)
            // The lent room is used until it is full, and left alone after: it still holds the
            // first four, whatever was appended later.
            for n in 0..<min(count, 4) { #expect(room[n] == record(n)) }
            if count > 4 {
                list[0] = record(99)
                #expect(room[0] == record(0))
            }
        }
    }

    @Test(arguments: [1, 16, 17, 40])
    func growsFromNothing(count: Int) {
        var list = ScratchList<Record>()
        for n in 0..<count { list.append(record(n)) }
        expectHolds(list, count)
    }

    @Test func elementsAreRewrittenInPlace() {
        var list = ScratchList<Record>()
        for _ in 0..<20 { list.append(Record(start: 0, end: 0, flag: false)) }
        for n in 0..<20 { list[n] = record(n) }
        expectHolds(list, 20)
    }
}
