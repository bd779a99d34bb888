extension BufferView where Element == UInt8 {
    /// Whether the `count` bytes from `start` equal the `count` bytes of `other` from `otherStart`.
    ///
    /// Compared a word at a time: eight bytes per load, and the last (or only) word of a span loaded
    /// so that it ends where the span ends, overlapping the one before; a span of fewer than eight
    /// bytes compares two halves that may overlap in the same way. Nothing outside either span is
    /// read. Keys and selector strings are short, so this beats a call to `memcmp`.
    @inline(__always)
    @inlinable package func elementsEqual(from start: Int, _ other: ByteView, from otherStart: Int, count: Int) -> Bool {
        precondition(start >= 0 && otherStart >= 0 && count >= 0 && start + count <= self.count
                     && otherStart + count <= other.count, "compared bytes lie in their views")
        guard count > 0 else { return true }
        let p = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + start)
        let q = UnsafeRawPointer(other.buffer.baseAddress.unsafelyUnwrapped + otherStart)
        func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            p.loadUnaligned(fromByteOffset: offset, as: Word.self) == q.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        if count >= 8 {
            var offset = 0
            while offset < count &- 8 {
                guard same(UInt64.self, at: offset) else { return false }
                offset &+= 8
            }
            return same(UInt64.self, at: count &- 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count &- 4) }
        if count >= 2 { return same(UInt16.self, at: 0) && same(UInt16.self, at: count &- 2) }
        return same(UInt8.self, at: 0)
    }
}
