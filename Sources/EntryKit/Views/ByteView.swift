/// Bytes the engine reads in place: a request line, a URL, a payload's text.
@usableFromInline package typealias ByteView = BufferView<UInt8>

extension BufferView where Element == UInt8 {
    /// The eight bytes from `offset` as one little-endian word, at any alignment; the caller has
    /// checked that they are there. The scanners read a word at a time to find the next special byte.
    @inline(__always)
    @inlinable package func loadWord(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset + 8 <= count, "word past the end of a view")
        return UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes decoded as UTF-8 (invalid sequences become U+FFFD).
    @inlinable package var string: String { String(decoding: buffer, as: UTF8.self) }

    /// Whether `other` holds the same bytes.
    @inline(__always)
    @inlinable package func elementsEqual(_ other: ByteView) -> Bool {
        buffer.elementsEqual(other.buffer)
    }

    /// Whether the bytes are the UTF-8 of `text`.
    @inline(__always)
    @inlinable package func elementsEqual(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { elementsEqual(BufferView($0)) }
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes lent as a view, read in place.
    @inline(__always)
    @inlinable package func withUTF8View<R>(_ body: (ByteView) -> R) -> R {
        withUTF8Bytes { body(BufferView($0)) }
    }
}
