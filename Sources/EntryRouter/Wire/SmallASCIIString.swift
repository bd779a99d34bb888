/// Making a short ASCII `String` from its bytes without a call into the standard library.
///
/// A push keeps two short strings (`id` and `collapseId`). `String(unsafeUninitializedCapacity:)`
/// is not inlined, and costs about a hundred instructions a call even for a string that fits in the
/// `String` value itself (at most 15 UTF-8 bytes on 64-bit platforms). Such a small string is two
/// words: the bytes, first byte lowest, and in the top byte of the second word a discriminator that
/// says "small, ASCII, immortal" and holds the count. Building those words is a few instructions.
///
/// That layout is the standard library's, not a promise of its API, so it is checked once, against
/// strings the standard library made itself (`layoutHolds`), comparing the words only (nothing is
/// dereferenced); if it ever differs, every string takes the general path.
enum SmallASCIIString {
    /// The most bytes a small string holds.
    static let capacity = 15

    /// Whether strings made here are exactly the ones the standard library makes, for a sample of
    /// every length from 1 to `capacity`.
    static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let sample = Array("0123456789abcdefghij".utf8)
        return sample.withUnsafeBufferPointer { all in
            (1...capacity).allSatisfy { count in
                let text = UnsafeBufferPointer(rebasing: all[..<count])
                let made = String(decoding: text, as: UTF8.self)
                let madeWords = unsafeBitCast(made, to: (UInt64, UInt64).self)
                let words = Self.words(text, readable: all.count)
                return madeWords.0 == words.0 && madeWords.1 == words.1
            }
        }
    }()

    /// The string of `text`, plain ASCII of 1 to `capacity` bytes; `readable` is how many bytes can
    /// be read from `text`'s start (16 lets it be read as two whole words). Nil when it is longer or
    /// the layout does not hold: the caller then makes it the general way.
    @inline(__always)
    static func make(_ text: UnsafeBufferPointer<UInt8>, readable: Int) -> String? {
        guard text.count <= capacity, !text.isEmpty, layoutHolds else { return nil }
        return unsafeBitCast(words(text, readable: readable), to: String.self)
    }

    /// The two words of the small string of `text` (1 to `capacity` plain ASCII bytes).
    @inline(__always)
    private static func words(_ text: UnsafeBufferPointer<UInt8>, readable: Int) -> (UInt64, UInt64) {
        let count = text.count
        var low: UInt64 = 0
        var high: UInt64 = 0
        if readable >= 16, let base = text.baseAddress {
            low = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: UnsafeRawPointer(base + 8).loadUnaligned(as: UInt64.self))
            if count < 8 { low &= (1 &<< (UInt64(count) &* 8)) &- 1 }
            high = count <= 8 ? 0 : high & ((1 &<< (UInt64(count &- 8) &* 8)) &- 1)
        } else {
            for k in 0..<count {
                if k < 8 { low |= UInt64(text[k]) &<< (UInt64(k) &* 8) } else { high |= UInt64(text[k]) &<< (UInt64(k &- 8) &* 8) }
            }
        }
        // Small (0x20), ASCII (0x40) and immortal (0x80), with the count below them.
        return (low, high | UInt64(0xE0 | count) &<< 56)
    }
}
