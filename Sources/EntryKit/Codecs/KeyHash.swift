/// How `SightingTable` hashes a key's bytes; a type rather than a closure, so the table is specialized
/// for it and the hash is inlined into every probe.
@usableFromInline package protocol KeyHashing {
    static func hash(_ bytes: ByteView, seed: UInt64) -> UInt64
}

/// A fixed 64-bit hash of a byte string, eight bytes at a time, each word folded into the state with a
/// full 64 × 64 → 128-bit multiply (the high and low halves xored together).
///
/// Unlike Swift's `Hasher` it has no per-process random seed: the router is pure and deterministic,
/// and the dedupe window must not depend on anything but its inputs. A fixed hash lets a sender that
/// knows it choose ids that collide, which matters only for a table reachable by strangers; the
/// daemon's socket is local and restricted to its own uid, and a collision costs the table time
/// (longer probe runs, more key comparisons), never a wrong answer, as keys are always compared byte
/// for byte.
///
/// Public for a store that folds a turn's records by entry id (the daemon's commit), which is the same
/// kind of table: it hashes the id's bytes where they lie, where `Hasher` would need a `String` made
/// and a seeded hash run for every lookup.
@usableFromInline package enum KeyHash: KeyHashing {
    @usableFromInline static let start: UInt64 = 0x243F_6A88_85A3_08D3
    @usableFromInline static let wordMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    @usableFromInline static let finalMultiplier: UInt64 = 0xD6E8_FEB8_6659_FD93

    @inline(__always)
    @inlinable static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var state = start ^ seed
        if count >= 8 {
            // Whole words, then the last eight bytes, which may overlap the word before them: every
            // byte is read once or twice and never past the end.
            var offset = 0
            while count - offset > 8 {
                state = fold(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), wordMultiplier)
                offset += 8
            }
            state = fold(state ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), wordMultiplier)
        } else if count >= 4 {
            let first = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let last = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            state = fold(state ^ (first << 32 | last), wordMultiplier)
        } else if count > 0 {
            let word = UInt64(bytes[0]) << 16 | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1])
            state = fold(state ^ word, wordMultiplier)
        }
        // The length goes in last: the overlapping reads above make it part of what tells keys apart.
        return fold(state ^ UInt64(truncatingIfNeeded: count), finalMultiplier)
    }

    /// The hash of the bytes `bytes` views.
    @inline(__always)
    @inlinable package static func hash(_ bytes: ByteView, seed: UInt64) -> UInt64 {
        hash(UnsafeRawBufferPointer(bytes.buffer), seed: seed)
    }

    /// The hash of `text`'s UTF-8 bytes, read in place.
    @inline(__always)
    @inlinable package static func hash(_ text: String, seed: UInt64) -> UInt64 {
        text.withUTF8Bytes { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    @inline(__always)
    @inlinable static func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }
}
