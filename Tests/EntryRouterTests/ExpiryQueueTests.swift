@testable import EntryRouter
import SeededRandom
import Testing

/// The expiry heap: nearest deadline first, and `forget` dropping only the item at the array's end.
struct ExpiryQueueTests {
    func item(_ seconds: Int64, _ seq: UInt64) -> ExpiryQueue.Item {
        ExpiryQueue.Item(expires: Instant(seconds: seconds), seq: seq)
    }

    func drain(_ queue: inout ExpiryQueue) -> [UInt64] {
        var seqs: [UInt64] = []
        while let first = queue.removeFirst() { seqs.append(first.seq) }
        return seqs
    }

    @Test func anEmptyQueueHasNothingToRemoveOrForget() {
        var queue = ExpiryQueue()
        queue.forget(seq: 1)
        #expect(queue.first == nil && queue.removeFirst() == nil)
    }

    @Test func itemsComeOutNearestFirst() {
        var queue = ExpiryQueue()
        for (seconds, seq) in [(30, 1), (10, 2), (20, 3), (5, 4)] as [(Int64, UInt64)] { queue.add(item(seconds, seq)) }
        #expect(queue.first?.seq == 4)
        #expect(drain(&queue) == [4, 2, 3, 1])
    }

    @Test func theItemAddedLastIsForgottenAndNoOther() {
        var queue = ExpiryQueue()
        queue.add(item(10, 1))
        queue.add(item(20, 2))
        queue.forget(seq: 1)
        queue.forget(seq: 2)
        #expect(drain(&queue) == [1])
    }

    @Test func aReplacementPerArrivalKeepsOneItem() {
        var queue = ExpiryQueue()
        for seq in 1...100 as ClosedRange<UInt64> {
            queue.forget(seq: seq - 1)
            queue.add(item(Int64(seq), seq))
        }
        #expect(drain(&queue) == [100])
    }

    /// Random adds, pops and forgets against a sorted array: whatever `forget` drops, the rest still
    /// comes out in deadline order.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func behavesLikeASortedArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = ExpiryQueue()
        var model: [ExpiryQueue.Item] = []
        for seq in 1...2_000 as ClosedRange<UInt64> {
            switch random.next() % 4 {
            case 0, 1:
                let added = item(Int64(random.next() % 50), seq)
                queue.add(added)
                model.append(added)
            case 2:
                guard let first = queue.removeFirst() else { continue }
                let nearest = model.map(\.expires).min()
                #expect(first.expires == nearest)
                model.remove(at: model.firstIndex(of: first)!)
            default:
                guard let last = model.last else { continue }
                queue.forget(seq: last.seq)
                // Dropped only when it sat at the heap's end; either way it is gone or still there, never lost twice.
                if !containsAfterDraining(queue, last) { model.removeLast() }
            }
        }
        var rest: [ExpiryQueue.Item] = []
        while let first = queue.removeFirst() { rest.append(first) }
        #expect(rest.map(\.expires) == model.map(\.expires).sorted())
        #expect(Set(rest) == Set(model))
    }

    private func containsAfterDraining(_ queue: ExpiryQueue, _ wanted: ExpiryQueue.Item) -> Bool {
        var copy = queue
        while let first = copy.removeFirst() { if first == wanted { return true } }
        return false
    }
}
