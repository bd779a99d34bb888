extension BufferView where Element == UInt8 {
    /// The bytes of a string literal. A literal lives as long as the program, so its view is never
    /// dangling, unlike the lent ones: punctuation and keys written out, names compared against.
    @inline(__always)
    @inlinable package init(_ text: StaticString) {
        precondition(text.hasPointerRepresentation, "a view of a literal needs its UTF-8 bytes")
        self.init(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The `String` of bytes that were checked as UTF-8 before, copied straight into the string's
    /// storage. `string` decodes, then looks for non-ASCII bytes again and copies; this copies once
    /// (the standard library still validates, and would repair, never trust, bad bytes).
    @inlinable package var validUTF8String: String {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return "" }
        let count = buffer.count
        return String(unsafeUninitializedCapacity: count) { target in
            target.baseAddress.unsafelyUnwrapped.initialize(from: source, count: count)
            return count
        }
    }

    /// The bytes from `offset` on (at most eight) as a little-endian word, zero past the end: the
    /// word `loadWord(at:)` would read if the view went on with zeros.
    @inlinable package func loadPartialWord(at offset: Int) -> UInt64 {
        var word: UInt64 = 0
        var k = Swift.min(count, offset + 8) - 1
        while k >= offset {
            word = word << 8 | UInt64(buffer[k])
            k -= 1
        }
        return word
    }
}
