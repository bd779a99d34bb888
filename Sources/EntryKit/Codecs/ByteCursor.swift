/// Where the bytes of one record go, in room its `ByteArena` has already made for all of them: one
/// capacity and uniqueness check per record instead of one per piece (a sighting's record is half a
/// dozen pieces: lengths, the key, the note's route and params).
@usableFromInline package struct ByteCursor {
    @usableFromInline var _position: UnsafeMutableRawPointer
    /// Where the next byte goes.
    @inlinable package var position: UnsafeMutableRawPointer { _position }

    @inlinable package init(_ position: UnsafeMutableRawPointer) {
        self._position = position
    }

    /// A cursor at element `offset` of `room`, which must have space for all that will be written.
    @inlinable package init(_ room: MutableBufferView<UInt8>, at offset: Int) {
        precondition(offset >= 0 && offset <= room.count, "cursor past the end of a view")
        self._position = UnsafeMutableRawPointer(room.buffer.baseAddress!) + offset
    }

    @inline(__always)
    @inlinable package mutating func write(_ byte: UInt8) {
        position.storeBytes(of: byte, as: UInt8.self)
        _position += 1
    }

    @inline(__always)
    @inlinable package mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        position.copyMemory(from: source, byteCount: bytes.count)
        _position += bytes.count
    }

    /// The bytes `bytes` views.
    @inline(__always)
    @inlinable package mutating func write(_ bytes: ByteView) {
        write(UnsafeRawBufferPointer(bytes.buffer))
    }

    /// `value` as a `Varint`: `Varint.size(of: value)` bytes.
    @inline(__always)
    @inlinable package mutating func write(varint value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            write(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        write(UInt8(rest))
    }

    /// The UTF-8 bytes of `text`, after their count as a `Varint`.
    @inline(__always)
    @inlinable package mutating func write(counted text: String) {
        text.withUTF8Bytes { bytes in
            write(varint: UInt64(bytes.count))
            write(UnsafeRawBufferPointer(bytes))
        }
    }
}
