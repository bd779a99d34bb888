/// Unsigned integers in 7-bit groups, low group first, the high bit of a byte saying another follows
/// (LEB128): the lengths in the dedupe window's byte arena, where nearly all are under 128 and take one
/// byte. Written by `ByteCursor.write(varint:)`.
@usableFromInline package enum Varint {
    /// The most bytes a value takes: 64 bits, 7 a byte.
    @inlinable package static var maxSize: Int { 10 }

    /// How many bytes `value` takes.
    @inline(__always)
    @inlinable package static func size(of value: UInt64) -> Int {
        // 7 bits a byte; 0 takes one byte like any value under 128.
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
    }

    /// How many bytes `text` takes after its count: the count's varint and its UTF-8 bytes.
    @inline(__always)
    @inlinable package static func size(counted text: String) -> Int {
        let count = text.utf8.count
        return size(of: UInt64(count)) + count
    }

    /// The integer at `offset`, which is moved past it. The bytes are the arena's own, so they are
    /// well-formed.
    @inline(__always)
    @inlinable package static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Bytes.Index) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[offset]
            offset = bytes.index(after: offset)
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
