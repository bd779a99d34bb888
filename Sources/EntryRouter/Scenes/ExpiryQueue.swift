/// Expiry deadlines of waiting entries, nearest first (a binary min-heap).
///
/// An entry that stopped waiting leaves a stale item behind, which the router skips when it surfaces;
/// an entry that waits again is simply added again. The one stale item dropped early is the last
/// one of the heap's array (`forget`): removing the last element of a heap leaves a heap.
struct ExpiryQueue: Sendable {
    struct Item: Sendable, Hashable {
        var expires: Instant
        /// The entry's seq: unlike its id, comparing and looking it up hashes nothing.
        var seq: UInt64
    }

    private var heap: [Item] = []

    var first: Item? { heap.first }

    mutating func add(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].expires < heap[parent].expires else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Drops the item of the entry with `seq` if it is the last element of the heap's array, as the item
    /// added last usually is. Called for an entry that will never wait again (replaced): when each push
    /// replaces the one before it (R6), its item is dropped here at no cost, rather than staying until
    /// the turn's end pops it from the top, a sift-down through the heap per push.
    mutating func forget(seq: UInt64) {
        if heap.last?.seq == seq { heap.removeLast() }
    }

    @discardableResult
    mutating func removeFirst() -> Item? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let item = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].expires < heap[smallest].expires { smallest = left }
            if right < heap.count, heap[right].expires < heap[smallest].expires { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return item
    }
}
