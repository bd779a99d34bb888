/// Calls `body` with `elements` in the order `areInIncreasingOrder` gives, sorted by insertion into
/// room on the stack: for a few elements (a route's params, a scene's gates) `sorted(by:)` would
/// allocate an array for them. Equal elements keep their order. The elements may be any values,
/// strings included: they are copied in and destroyed after `body` returns.
@inlinable package func withStackSorted<Elements: Collection, R>(
    _ elements: Elements, by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool,
    _ body: (BufferView<Elements.Element>) -> R
) -> R {
    withUnsafeTemporaryAllocation(of: Elements.Element.self, capacity: elements.count) { buffer in
        guard let base = buffer.baseAddress else { return body(BufferView()) }
        var count = 0
        for element in elements {
            var position = count
            while position > 0, areInIncreasingOrder(element, base[position - 1]) { position -= 1 }
            (base + position + 1).moveInitialize(from: base + position, count: count - position)
            (base + position).initialize(to: element)
            count += 1
        }
        defer { base.deinitialize(count: count) }
        return body(BufferView(UnsafeBufferPointer(start: base, count: count)))
    }
}
