import Testing
@testable import EntryRouter

/// The scratch a payload scan records members into: a lent buffer first, the heap once that is full.
@Suite struct MemberScratchTests {
    private func member(_ n: Int) -> PushPayload.Member {
        PushPayload.Member(keyStart: Int32(n), keyEnd: Int32(n + 1), valueStart: Int32(n + 2), valueEnd: Int32(n + 3),
                           subtreeEnd: Int32(n + 4), kind: n.isMultiple(of: 2) ? .string : .object,
                           keyPlain: n.isMultiple(of: 3), valuePlain: !n.isMultiple(of: 3))
    }

    private func expectHolds(_ scratch: borrowing MemberScratch, _ count: Int) {
        #expect(scratch.count == count)
        #expect(scratch.members.count == count)
        for n in 0..<count {
            #expect(scratch[n].keyStart == Int32(n) && scratch[n].subtreeEnd == Int32(n + 4))
            #expect(scratch.members[n].kind == member(n).kind && scratch.members[n].keyPlain == member(n).keyPlain)
        }
    }

    @Test func emptyHoldsNothing() {
        let lent = MemberScratch()
        #expect(lent.count == 0 && lent.members.isEmpty)
        withUnsafeTemporaryAllocation(of: PushPayload.Member.self, capacity: 4) { buffer in
            let scratch = MemberScratch(lent: buffer)
            #expect(scratch.count == 0 && scratch.members.isEmpty)
        }
    }

    @Test(arguments: [0, 1, 3, 4, 5, 17, 100])
    func growsPastTheLentBufferKeepingEveryMember(count: Int) {
        withUnsafeTemporaryAllocation(of: PushPayload.Member.self, capacity: 4) { buffer in
            var scratch = MemberScratch(lent: buffer)
            for n in 0..<count { scratch.append(member(n)) }
            expectHolds(scratch, count)
            let lent = UnsafePointer(buffer.baseAddress)
            // The lent buffer is used until it is full, and left alone after.
            #expect((scratch.members.baseAddress == lent) == (count <= 4))
        }
    }

    @Test(arguments: [1, 16, 17, 40])
    func growsFromNothing(count: Int) {
        var scratch = MemberScratch()
        for n in 0..<count { scratch.append(member(n)) }
        expectHolds(scratch, count)
    }

    @Test func membersAreRewrittenInPlace() {
        var scratch = MemberScratch()
        for _ in 0..<20 { scratch.append(PushPayload.Member()) }
        for n in 0..<20 { scratch[n] = member(n) }
        expectHolds(scratch, 20)
    }
}
