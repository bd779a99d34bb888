extension BufferView where Element == UInt8 {
    /// The position of the first `byte` in `range`, or nil: the URL parser finds its `?`, `/`, `&`
    /// and `=` this way, so the search runs over the lent bytes directly.
    @inline(__always)
    @inlinable package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        buffer[range].firstIndex(of: byte)
    }

    /// Whether `range` holds `byte`.
    @inline(__always)
    @inlinable package func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        buffer[range].contains(byte)
    }
}
