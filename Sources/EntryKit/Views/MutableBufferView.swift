/// Elements the engine writes in place, lent for the length of a closure: room on the stack
/// (`withStackBuffer`) or an array's storage (`withMutableBufferView`).
///
/// Like `BufferView` it must never outlive the closure that lent it. Its elements are plain values
/// (bytes, offsets, small structs of them): the view assigns them and never deinitializes them.
@usableFromInline package struct MutableBufferView<Element> {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

    /// A view of `buffer`, for the shell that owns the memory; the engine gets its views lent.
    @inlinable package init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    @inlinable package var count: Int { buffer.count }

    /// The element at `position`; an index out of range traps in debug builds.
    @inlinable package subscript(position: Int) -> Element {
        @inline(__always) get { buffer[position] }
        @inline(__always) nonmutating set { buffer[position] = newValue }
    }

    /// The elements in `range` to read, as a view whose indices start at 0.
    @inline(__always)
    @inlinable package func reading(_ range: Range<Int>) -> BufferView<Element> {
        BufferView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// All the elements, to read.
    @inlinable package var view: BufferView<Element> { BufferView(UnsafeBufferPointer(buffer)) }

    /// The elements in `range`, as a mutable view whose indices start at 0.
    @inline(__always)
    @inlinable package func extracting(_ range: Range<Int>) -> MutableBufferView<Element> {
        MutableBufferView(UnsafeMutableBufferPointer(rebasing: buffer[range]))
    }

    /// Copies `source` to the elements from `start`, which must have room for all of it.
    @inline(__always)
    @inlinable package func copy(_ source: BufferView<Element>, to start: Int) {
        guard let from = source.buffer.baseAddress, !source.isEmpty else { return }
        precondition(start >= 0 && start + source.count <= buffer.count, "copy past the end of a view")
        (buffer.baseAddress! + start).update(from: from, count: source.count)
    }
}

/// Calls `body` with room for `capacity` elements of `type` that lives only as long as the call: on
/// the stack when it takes at most 1 KiB, so a short-lived scratch array costs no allocation, and
/// on the heap otherwise. The elements start uninitialized: write each before reading it.
///
/// The stack room is always a full 1 KiB, a size the standard library places on the stack without
/// asking whether the stack has room: the allocation then has one path, and `body` is called
/// directly from it. Sized by `capacity`, the allocation has a second path that falls back to the
/// heap, and the compiler retained everything `body` captures to hand it to that path, on every call.
@inline(__always)
@inlinable package func withStackBuffer<Element, R, E: Error>(of type: Element.Type, capacity: Int,
                                                            _ body: (MutableBufferView<Element>) throws(E) -> R) throws(E) -> R {
    guard capacity <= 1024 / MemoryLayout<Element>.stride else {
        let heap = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        defer { heap.deallocate() }
        return try body(MutableBufferView(UnsafeMutableBufferPointer(start: heap, count: capacity)))
    }
    let result: Result<R, E> = withUnsafeTemporaryAllocation(byteCount: 1024, alignment: MemoryLayout<Element>.alignment) { raw in
        let room = UnsafeMutableBufferPointer(rebasing: raw.bindMemory(to: Element.self)[..<capacity])
        do throws(E) { return .success(try body(MutableBufferView(room))) } catch { return .failure(error) }
    }
    return try result.get()
}
