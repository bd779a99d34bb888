import EntryKit

/// The trie nodes reached by an ASCII literal segment, each stored inside the slot of an
/// open-addressing table keyed by parent node and segment bytes.
///
/// A slot is one 64-byte cache line: the key (up to 16 bytes inline) and the child node itself.
/// In a large table, where every lookup misses the cache, finding a literal child and reading it
/// costs one miss; a slot that pointed at an edge record, key bytes and a node elsewhere would cost
/// a miss for each. Keys longer than 16 bytes keep their bytes in `longKeys`.
///
/// Built once by `RouteTrie.Builder` (it places every edge, then fills in the nodes) and only read
/// after that, which is what makes sharing it across threads safe.
final class LiteralEdges: @unchecked Sendable {
    /// A key ready for lookup: packed into two words when short, hashed either way.
    struct Key {
        var count: Int
        var low: UInt64
        var high: UInt64
        /// The bytes of a key longer than 16 bytes (lent: valid while the lookup runs).
        var long: ByteView?
        /// Lowercase the key's ASCII letters (the first segment of a custom-scheme URL).
        var folded: Bool

        /// The key `bytes[range]`; nil when it is not all ASCII: such a key is looked up by
        /// `String`, whose equality (canonical equivalence) differs from byte equality. The bytes
        /// past the range may be read too: with 16 of them from the key's start, a short key is
        /// loaded as two words and masked, instead of byte by byte.
        init?(_ range: Range<Int>, of bytes: ByteView, folded: Bool) {
            count = range.count
            self.folded = folded
            low = 0
            high = 0
            long = nil
            let start = range.lowerBound
            if count <= 16, bytes.count - start >= 16 {
                let first = bytes.loadWord(at: start)
                let second = bytes.loadWord(at: start + 8)
                if count > 8 {
                    low = first
                    high = second & Self.mask(count - 8)
                } else {
                    low = first & Self.mask(count)
                }
            } else if count <= 16 {
                let key = bytes.extracting(range)
                for k in 0..<min(count, 8) { low |= UInt64(key[k]) << (8 * k) }
                for k in min(count, 8)..<count { high |= UInt64(key[k]) << (8 * (k - 8)) }
            } else {
                let key = bytes.extracting(range)
                var any: UInt8 = 0
                for byte in key { any |= byte }
                if any >= 0x80 { return nil }
                long = key
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

    /// One slot, one cache line. A short key is in `low` and `high`, zero-padded; a long one has its offset in
    /// `longKeys` in `low` and its hash in `high`.
    struct Entry: Sendable {
        var low: UInt64
        var high: UInt64
        /// `UInt32.max` marks an empty slot.
        var parent: UInt32
        var count: UInt16
        /// `RouteTrie.Flags` of the child.
        var flags: UInt16
        var node: RouteTrie.Node
    }

    private let entries: CacheLineSlots<Entry>
    /// The bytes of the keys longer than 16 bytes, end to end.
    private var longKeys: [UInt8] = []

    /// A table for `edges` edges, empty.
    init(edges: Int) {
        entries = CacheLineSlots(count: CacheLineSlots<Entry>.count(for: edges),
                                 repeating: Entry(low: 0, high: 0, parent: .max, count: 0, flags: 0, node: RouteTrie.Node()))
    }

    /// Puts the edge `parent` → (new child) for `key` (ASCII; already lowercase where the trie
    /// folds) into a free slot, and returns the slot: the child's place for good.
    func place(parent: UInt32, key: Key) -> Int {
        let hash = Self.hash(parent, key)
        var entry = Entry(low: key.low, high: key.high, parent: parent, count: UInt16(key.count), flags: 0, node: RouteTrie.Node())
        if let long = key.long {
            entry.low = UInt64(longKeys.count)
            entry.high = hash
            longKeys.append(contentsOf: long)
        }
        var index = entries.home(of: hash)
        while entries[index].parent != .max { index = entries.next(after: index) }
        entries[index] = entry
        return index
    }

    /// Sets the node and flags of the child in slot `index`.
    func set(_ index: Int, node: RouteTrie.Node, flags: UInt16) {
        entries[index].node = node
        entries[index].flags = flags
    }

    /// The slot of the child of `parent` under `key`, or nil.
    func find(parent: UInt32, key: Key) -> Int? {
        guard key.long == nil else { return findLong(parent: parent, key: key) }
        var index = entries.home(of: Self.hash(parent, key))
        while true {
            if entries[index].parent == parent, Int(entries[index].count) == key.count,
               entries[index].high == key.high, entries[index].low == key.low {
                return index
            }
            if entries[index].parent == .max { return nil }
            index = entries.next(after: index)
        }
    }

    /// `find` for a key longer than 16 bytes, whose slot holds its hash and where its bytes are
    /// in `longKeys`: apart, so that looking up a short key never reads `longKeys`.
    @inline(never)
    private func findLong(parent: UInt32, key: Key) -> Int? {
        let hash = Self.hash(parent, key)
        var index = entries.home(of: hash)
        while true {
            if entries[index].parent == parent, Int(entries[index].count) == key.count, entries[index].high == hash,
               equal(Int(entries[index].low), key) {
                return index
            }
            if entries[index].parent == .max { return nil }
            index = entries.next(after: index)
        }
    }

    /// The child node in slot `index` and its flags.
    @inline(__always)
    func child(_ index: Int) -> (node: RouteTrie.Node, flags: UInt16) {
        (entries[index].node, entries[index].flags)
    }

    private func equal(_ start: Int, _ key: Key) -> Bool {
        longKeys.withBufferView { stored in
            for k in 0..<key.count where stored[start + k] != key.byte(k) { return false }
            return true
        }
    }

    private static func hash(_ parent: UInt32, _ key: Key) -> UInt64 {
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
    private static func mix(_ parent: UInt32, _ count: Int, _ low: UInt64, _ high: UInt64) -> UInt64 {
        var hash = (UInt64(parent) << 16 | UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ low) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 31) ^ high) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}
