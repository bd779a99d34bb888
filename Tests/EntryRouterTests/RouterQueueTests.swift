import Testing
@testable import EntryRouter

/// The turn's input queue: inputs are taken out of it in order, its room is kept from one turn to
/// the next (up to a bound), and a turn that runs again without a refused entry still sees every
/// input it was handed.
@Suite struct RouterQueueTests {
    /// The `req` numbers of the replies in `effects`, in order.
    private static func reqs(_ effects: [Effect]) -> [Int] {
        effects.compactMap {
            if case .send(_, .reply(let reply)) = $0, let req = reply.req { return Int(req.text) }
            return nil
        }
    }

    @Test(arguments: [[3, 0, 1, 7], [5000, 2, 4097, 3], [1, 4096, 4096, 1]])
    func everyTurnAnswersItsOwnRequestsInOrder(sizes: [Int]) {
        var harness = Harness(persisting: false)
        var nextReq = 1
        for (turn, size) in sizes.enumerated() {
            for index in 0..<size {
                harness.send(1, push("record", "t\(turn)-\(index)", id: "t\(turn)-\(index)"))
            }
            let effects = harness.endTurn()
            #expect(Self.reqs(effects) == Array(nextReq..<nextReq + size), "turn \(turn)")
            #expect(effects.entryReplies.map(\.id) == (0..<size).map { "t\(turn)-\($0)" }, "turn \(turn)")
            nextReq += size
        }
    }

    @Test func anEmptyTurnAnswersNothing() {
        var harness = Harness(persisting: false)
        #expect(Self.reqs(harness.endTurn()).isEmpty)
        #expect(Self.reqs(harness.endTurn()).isEmpty)
        harness.send(1, push("record", "a", id: "a"))
        #expect(Self.reqs(harness.endTurn()) == [1])
    }

    @Test func aTurnRunAgainKeepsItsInputsAndTheNextTurnStartsEmpty() {
        var harness = Harness(persisting: false)
        harness.send(1, push("record", "a", id: "a"))
        harness.send(1, push("notice", "now", id: "now", expiration: 0))
        harness.send(1, push("record", "b", id: "b"))
        let first = harness.endTurn()
        #expect(Self.reqs(first) == [1, 2, 3])
        #expect(first.entryReplies.map(\.id) == ["a", "b"])
        #expect(first.errorCodes == [.expired])
        harness.send(1, push("record", "c", id: "c"))
        let second = harness.endTurn()
        #expect(Self.reqs(second) == [4])
        #expect(second.entryReplies.map(\.id) == ["c"])
    }

    @Test func inputsBeforeAShutdownAreAnsweredAndThoseAfterAreRefused() {
        var harness = Harness(persisting: false)
        harness.send(1, push("record", "a", id: "a"))
        let effects = harness.input(.shutdown)
        #expect(Self.reqs(effects) == [1])
        #expect(effects.entryReplies.map(\.id) == ["a"])
        harness.send(1, push("record", "b", id: "b"))
        let after = harness.endTurn()
        #expect(Self.reqs(after) == [2])
        #expect(after.errorCodes == [.shuttingDown])
    }
}
