extension Array {
    /// Removes every element; keeps the room for the next ones unless it is more than `limit`
    /// elements. An empty array is left as it is. The elements are popped one by one:
    /// `removeAll(keepingCapacity:)` goes through `replaceSubrange` and the runtime's generic array
    /// destroy, a fixed cost far above popping the usual one element.
    @inline(__always)
    @inlinable public mutating func empty(keepingAtMost limit: Int) {
        if capacity > limit {
            self = []
        } else {
            while popLast() != nil {}
        }
    }
}
