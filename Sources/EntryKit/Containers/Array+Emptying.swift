extension Array {
    /// Removes every element; keeps the room for the next ones unless it is more than `limit`
    /// elements. An empty array is left as it is. The elements are popped one by one:
    /// `removeAll(keepingCapacity:)` goes through `replaceSubrange` and the runtime's generic array
    /// destroy, a fixed cost far above popping the usual one element.
    @inline(__always)
    @inlinable package mutating func empty(keepingAtMost limit: Int) {
        if capacity > limit {
            self = []
        } else {
            while popLast() != nil {}
        }
    }
}

extension Array {
    /// Moves `other`'s elements to the end of this array and leaves `other` empty. When this array is
    /// empty the two are swapped, so that each keeps the other's room: a caller that passes its
    /// emptied list from turn to turn gets the elements with no copy, and `other` gets room for its
    /// next ones.
    @inline(__always)
    @inlinable package mutating func takeOrAppend(_ other: inout [Element]) {
        guard !other.isEmpty else { return }
        if isEmpty {
            swap(&self, &other)
        } else {
            append(contentsOf: other)
            other.removeAll(keepingCapacity: true)
        }
    }
}
