extension Varint {
    /// The integer at `offset` in bytes that came from outside (a store's file), moved past it; nil,
    /// with `offset` left anywhere, when the bytes end inside it or it has more than 64 bits. `read`
    /// trusts its bytes, which the arena wrote itself; these may be cut short or not varints at all.
    @inlinable package static func readChecked(_ bytes: ByteView, at offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            // The tenth byte holds bit 63 only.
            guard shift < 63 || byte <= 1 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
