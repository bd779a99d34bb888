/// Signed integers as unsigned ones that are small when the signed value is small either way (0, -1,
/// 1, -2… become 0, 1, 2, 3…), so that a negative difference still takes one `Varint` byte or two.
@usableFromInline package enum ZigZag {
    @inlinable package static func encode(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    @inlinable package static func decode(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
