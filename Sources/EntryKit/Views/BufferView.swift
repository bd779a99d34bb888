/// Elements the engine reads in place, borrowed for the length of a closure: a request line, a URL's
/// bytes, a payload's member index.
///
/// This is the engine's window on raw memory. It reads through a pointer, so it costs no copy and no
/// reference count, but it is only valid inside the closure that lent it (`withBufferView`,
/// `withUTF8View`, `withStackBuffer`) and must never be stored beyond it. Indices run from 0 to
/// `count`; an index out of range traps in debug builds, as the standard library's buffers do.
/// `extracting(_:)` takes a part as a view of its own, with indices from 0 again, where a slice
/// (`view[range]`) keeps the indices of the whole.
@usableFromInline package struct BufferView<Element>: RandomAccessCollection {
    @usableFromInline let buffer: UnsafeBufferPointer<Element>

    /// A view of `buffer`, for the shell that received the memory; the engine gets its views lent.
    @inlinable package init(_ buffer: UnsafeBufferPointer<Element>) {
        self.buffer = buffer
    }

    /// An empty view.
    @inlinable package init() {
        self.buffer = UnsafeBufferPointer(start: nil, count: 0)
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { buffer.count }
    @inlinable package var count: Int { buffer.count }
    @inlinable package var isEmpty: Bool { buffer.isEmpty }

    @inlinable package subscript(position: Int) -> Element {
        @inline(__always) get { buffer[position] }
    }

    @inlinable package subscript(bounds: Range<Int>) -> Slice<BufferView<Element>> {
        Slice(base: self, bounds: bounds)
    }

    /// The elements in `range`, as a view whose indices start at 0.
    @inline(__always)
    @inlinable package func extracting(_ range: Range<Int>) -> BufferView<Element> {
        BufferView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The elements from `start` to the end, as a view whose indices start at 0.
    @inline(__always)
    @inlinable package func extracting(from start: Int) -> BufferView<Element> {
        extracting(start..<count)
    }

    @inlinable package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(buffer)
    }
}

extension Array {
    /// Calls `body` with the array's elements lent as a view.
    @inline(__always)
    @inlinable package func withBufferView<R, E: Error>(_ body: (BufferView<Element>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBufferPointer { buffer in
            do throws(E) { return .success(try body(BufferView(buffer))) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `body` with the array's elements lent as a view, for a `body` that cannot throw.
    @inline(__always)
    @inlinable package func withBufferView<R>(_ body: (BufferView<Element>) -> R) -> R {
        withUnsafeBufferPointer { body(BufferView($0)) }
    }

    /// Calls `body` with the array's elements lent as a mutable view.
    @inline(__always)
    @inlinable package mutating func withMutableBufferView<R, E: Error>(_ body: (MutableBufferView<Element>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeMutableBufferPointer { buffer in
            do throws(E) { return .success(try body(MutableBufferView(buffer))) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
