extension ArraySlice {
    /// Calls `body` with the slice's elements lent as a view, indexed from 0 (not from the slice's
    /// `startIndex`): a frame cut from a larger buffer is read like a buffer of its own.
    @inline(__always)
    @inlinable package func withBufferView<R, E: Error>(_ body: (BufferView<Element>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBufferPointer { buffer in
            do throws(E) { return .success(try body(BufferView(buffer))) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
