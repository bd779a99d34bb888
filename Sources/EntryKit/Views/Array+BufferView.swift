extension Array {
    /// A copy of the viewed elements, made in one block copy: the generic initializer from a
    /// sequence would read them one at a time.
    @inline(__always)
    @inlinable package init(_ view: BufferView<Element>) {
        self.init(view.buffer)
    }

    /// Appends the viewed elements in one block copy.
    @inline(__always)
    @inlinable package mutating func append(contentsOf view: BufferView<Element>) {
        append(contentsOf: view.buffer)
    }
}
