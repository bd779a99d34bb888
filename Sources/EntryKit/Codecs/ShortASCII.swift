/// Making a `String` of a few ASCII bytes without the standard library's checks.
///
/// A push makes three short strings of text the parser has already checked as ASCII without
/// escapes: its `id`, its `collapseId` and its identity param's value. Every outside way to make a
/// `String` of bytes validates them as UTF-8 and looks for non-ASCII bytes once more, work out of
/// proportion to a handful of bytes. A string of up to 15 UTF-8 bytes is stored inline, in
/// the two words of the `String` itself (a "small" string): its bytes in order from the lowest
/// byte of the first word, and in the top byte of the second word a discriminator (immortal, small,
/// ASCII: `0xE0`) with the count in its low four bits. That layout is part of the standard library's
/// ABI on 64-bit little-endian platforms, which are the ones served; here the two words are
/// written directly. Anything longer, or any other platform, takes `validUTF8String`.
/// `ShortASCIITests` checks every length against `String(decoding:as:)`.
@usableFromInline package enum ShortASCII {
    /// The most bytes a small string holds inline.
    @usableFromInline package static let capacity = 15

    /// The `String` of `bytes`, which must be ASCII (every byte below 0x80: the caller checked it).
    @inline(__always)
    @inlinable package static func string(_ bytes: ByteView) -> String {
        #if _endian(little) && _pointerBitWidth(_64)
        if bytes.count <= 15 {
            return small(bytes)
        }
        #endif
        return bytes.validUTF8String
    }

    #if _endian(little) && _pointerBitWidth(_64)
    /// The small string of up to 15 ASCII `bytes`.
    @inline(__always)
    @inlinable static func small(_ bytes: ByteView) -> String {
        var words: (UInt64, UInt64) = (0, 0)
        if let source = bytes.buffer.baseAddress {
            withUnsafeMutableBytes(of: &words) { raw in
                raw.baseAddress.unsafelyUnwrapped.copyMemory(from: source, byteCount: bytes.count)
            }
        }
        words.1 |= (0xE0 | UInt64(bytes.count)) << 56
        return unsafeBitCast(words, to: String.self)
    }
    #endif
}
