/// The ASCII literal edges of every trie node in one open-addressing table keyed by parent node
/// and key bytes.
///
/// A key of up to 16 bytes is stored inside its 32-byte slot, so a probe compares a few words and
/// reads no other memory. In a table of 100 000 routes, where each lookup misses the cache, that
/// is one miss per segment; a slot that pointed at an edge record and at key bytes elsewhere cost
/// three. Longer keys keep their bytes in `longKeys`.
struct LiteralEdges: Sendable {
    /// A key ready for lookup: packed into two words when short, hashed either way.
    struct Key {
        var count: Int
        var low: UInt64
        var high: UInt64
        /// The bytes of a key longer than 16 bytes (not owned: valid while the lookup runs).
        var long: UnsafeBufferPointer<UInt8>?
        /// Lowercase the key's ASCII letters (the first segment of a custom-scheme URL).
        var folded: Bool

        /// Nil when `bytes` is not all ASCII: such a key is looked up by `String`, whose equality
        /// (canonical equivalence) differs from byte equality. `readable` is how many bytes from
        /// `bytes`' start may be read (it lies in a larger buffer): with 16 of them a short key
        /// is loaded as two words and masked, instead of byte by byte.
        init?(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int, folded: Bool) {
            count = bytes.count
            self.folded = folded
            low = 0
            high = 0
            long = nil
            if count <= 16, readable >= 16, let start = bytes.baseAddress {
                let raw = UnsafeRawPointer(start)
                let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                if count > 8 {
                    low = first
                    high = second & Self.mask(count - 8)
                } else {
                    low = first & Self.mask(count)
                }
            } else if count <= 16 {
                for k in 0..<min(count, 8) { low |= UInt64(bytes[k]) << (8 * k) }
                for k in min(count, 8)..<count { high |= UInt64(bytes[k]) << (8 * (k - 8)) }
            } else {
                var any: UInt8 = 0
                for byte in bytes { any |= byte }
                if any >= 0x80 { return nil }
                long = bytes
                return
            }
            if (low | high) & 0x8080_8080_8080_8080 != 0 { return nil }
            if folded {
                low = Self.lowercased(low)
                high = Self.lowercased(high)
            }
        }

        /// The low `bytes` bytes of a word set.
        private static func mask(_ bytes: Int) -> UInt64 {
            bytes == 8 ? .max : (1 << (8 * UInt64(bytes))) &- 1
        }

        /// The word's ASCII capitals made lowercase, eight bytes at once; every byte is below 0x80.
        private static func lowercased(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let atLeastA = word &+ ones &* UInt64(0x80 - 0x41)
            let aboveZ = word &+ ones &* UInt64(0x80 - 0x5B)
            return word | ((atLeastA & ~aboveZ & (ones &* 0x80)) >> 2)
        }

        /// Byte `k`, lowercased when the key folds.
        func byte(_ k: Int) -> UInt8 {
            let byte = long.map { $0[k] } ?? UInt8(truncatingIfNeeded: (k < 8 ? low >> (8 * k) : high >> (8 * (k - 8))))
            return folded ? ASCII.lowercased(byte) : byte
        }
    }

    /// `parent == UInt32.max` marks an empty slot. A short key is in `low` and `high`, zero-padded;
    /// a long one has its offset in `longKeys` in `low` and its hash in `high`.
    private struct Slot: Sendable {
        var parent: UInt32
        var child: UInt32
        var count: UInt32
        var unused: UInt32 = 0
        var low: UInt64
        var high: UInt64

        static let empty = Slot(parent: .max, child: 0, count: 0, low: 0, high: 0)
    }

    /// A power of two, at least twice the number of edges.
    private var slots: [Slot] = Array(repeating: .empty, count: 16)
    private var edgeCount = 0
    private var longKeys: [UInt8] = []

    /// Adds the edge `parent` → `child` for `key` (ASCII; already lowercase where the trie folds).
    mutating func insert(parent: Int32, key: Key, child: Int32) {
        var slot = Slot(parent: UInt32(parent), child: UInt32(child), count: UInt32(key.count), low: key.low, high: key.high)
        if let long = key.long {
            slot.low = UInt64(longKeys.count)
            slot.high = Self.hash(parent, key)
            longKeys.append(contentsOf: long)
        }
        edgeCount += 1
        if edgeCount * 2 > slots.count {
            let old = slots
            slots = Array(repeating: .empty, count: slots.count * 2)
            for existing in old where existing.parent != .max { place(existing) }
        }
        place(slot)
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash(of: slot)) & mask
        while slots[index].parent != .max { index = (index + 1) & mask }
        slots[index] = slot
    }

    private func hash(of slot: Slot) -> UInt64 {
        slot.count > 16 ? slot.high : Self.mix(Int32(slot.parent), Int(slot.count), slot.low, slot.high)
    }

    /// The child of `parent` under `key`, or -1.
    func find(parent: Int32, key: Key) -> Int32 {
        let hash = Self.hash(parent, key)
        let parent = UInt32(parent)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[index]
                if slot.parent == parent, slot.count == key.count, slot.high == (key.long == nil ? key.high : hash),
                   key.long == nil ? slot.low == key.low : equal(Int(slot.low), key) {
                    return Int32(slot.child)
                }
                if slot.parent == .max { return -1 }
                index = (index + 1) & mask
            }
        }
    }

    private func equal(_ start: Int, _ key: Key) -> Bool {
        longKeys.withUnsafeBufferPointer { stored in
            for k in 0..<key.count where stored[start + k] != key.byte(k) { return false }
            return true
        }
    }

    private static func hash(_ parent: Int32, _ key: Key) -> UInt64 {
        guard key.long != nil else { return mix(parent, key.count, key.low, key.high) }
        var hash = mix(parent, key.count, 0, 0)
        var word: UInt64 = 0
        for k in 0..<key.count {
            word |= UInt64(key.byte(k)) << (8 * (k & 7))
            if k & 7 == 7 || k == key.count - 1 {
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 31
                word = 0
            }
        }
        return hash
    }

    /// A 64-bit mix of a short key and its parent; the low bits pick the slot.
    private static func mix(_ parent: Int32, _ count: Int, _ low: UInt64, _ high: UInt64) -> UInt64 {
        var hash = (UInt64(UInt32(bitPattern: parent)) << 8 | UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ low) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 31) ^ high) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
