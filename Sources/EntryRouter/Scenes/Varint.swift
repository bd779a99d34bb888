/// Unsigned integers in 7-bit groups, low group first, the high bit of a byte saying another follows
/// (LEB128): the lengths in the dedupe window's byte arena, where nearly all are under 128 and take one
/// byte.
enum Varint {
    @inline(__always)
    static func append(_ value: UInt64, to bytes: inout ByteArena) {
        if value < 0x80 {
            bytes.append(UInt8(value))
            return
        }
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The integer at `offset`, which is moved past it. The bytes are the arena's own, so they are
    /// well-formed.
    @inline(__always)
    static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: inout Bytes.Index) -> UInt64 {
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
