/// What a sighting keeps besides its key, written into the table's arena when the key is first seen.
/// A type rather than a closure, so the table is specialized for it and nothing is captured per call.
protocol SightingNote {
    func write(to arena: inout ByteArena)
}

/// No note: a key restored from the store, whose original is unknown.
struct NoNote: SightingNote {
    func write(to arena: inout ByteArena) {}
}

/// Byte-string keys, each with the instant it was first seen and a few bytes about it, forgotten oldest
/// first: the storage of the dedupe window (R18), which holds several hundred thousand keys under load.
///
/// Three arrays, none holding a reference per key:
/// - `records`: one byte arena, each key's record appended as it is seen: a varint header (the key's
///   length and its space), the key's bytes, then what the caller wrote about it (its "note").
/// - `sightings`: per record, its instant and where it starts, in the order they were appended. A
///   record ends where the next one starts, so the note needs no length of its own.
/// - `slots`: open addressing with linear probing over a power-of-two array of 64-bit words, each the
///   high half of a key's hash and its sighting's index plus one (0 is an empty slot). The slot's home
///   is the top bits of that half, so growing moves the stored words into a table twice as large,
///   near-sequentially, and never reads or hashes a key again.
///
/// Sightings are pruned from the oldest, removing their slot with backward-shift deletion (no
/// tombstones, so probe runs never lengthen with age); once more than half of the sightings are
/// pruned, the arena and the sightings are cut to the live ones, and the slots renumbered in one
/// pass, so memory follows the live window.
///
/// The key space (0 or 1) seeds the hash and is part of the header: equal bytes in two spaces are two
/// keys.
struct SightingTable<Hashing: KeyHashing>: Sendable {
    struct Sighting: Sendable {
        var at: Int64
        var start: Int
    }

    /// A key seen inside the window, with the note its first sighting wrote (empty if none was).
    struct Earlier {
        var at: Instant
        var note: [UInt8]
    }

    private(set) var records = ByteArena()
    private(set) var sightings: [Sighting] = []
    /// The first sighting not pruned yet.
    private(set) var head = 0
    private(set) var slots = [UInt64](repeating: 0, count: 1 << minimumBits)
    /// log2 of `slots.count`.
    private var bits = minimumBits
    /// The keys that have a slot.
    private(set) var count = 0

    private static var minimumBits: Int { 4 }
    private static var emptySlot: UInt64 { 0 }
    private static var indexMask: UInt64 { 0xFFFF_FFFF }

    /// The most keys the slots hold before they grow: a load factor of 3/4.
    private var capacity: Int { slots.count / 4 * 3 }

    mutating func reserve(_ keys: Int) {
        var wanted = bits
        while (1 << wanted) / 4 * 3 < keys { wanted += 1 }
        if wanted > bits { rebuildSlots(bits: wanted) }
        sightings.reserveCapacity(keys)
    }

    /// The earlier sighting of `key` in `space` if it is at most `window` old at `now`. Otherwise `key` is
    /// remembered as seen now with `note`, and the result is nil. One hash and one probe run do both.
    mutating func claim(_ key: UnsafeRawBufferPointer, space: UInt64, at now: Instant, window: Int64,
                        note: some SightingNote) -> Earlier? {
        if count >= capacity { rebuildSlots(bits: bits + 1) }
        let tag = Hashing.hash(key, seed: space) >> 32
        var position = home(tag)
        while slots[position] != Self.emptySlot {
            let slot = slots[position]
            if slot >> 32 == tag, let index = match(slot, key, space) {
                let at = sightings[index].at
                if now.milliseconds - at <= window { return Earlier(at: Instant(milliseconds: at), note: noteBytes(of: index)) }
                // Past the window and not pruned yet: seen anew. The old sighting is left for pruning,
                // which will find no slot pointing at it.
                slots[position] = tag << 32 | UInt64(append(key, space: space, at: now, note: note) + 1)
                return nil
            }
            position = (position + 1) & (slots.count - 1)
        }
        slots[position] = tag << 32 | UInt64(append(key, space: space, at: now, note: note) + 1)
        count += 1
        return nil
    }

    /// The sighting of `key` in `space`, however old, if it is still held.
    func sighting(of key: UnsafeRawBufferPointer, space: UInt64) -> Earlier? {
        let tag = Hashing.hash(key, seed: space) >> 32
        var position = home(tag)
        while slots[position] != Self.emptySlot {
            let slot = slots[position]
            if slot >> 32 == tag, let index = match(slot, key, space) {
                return Earlier(at: Instant(milliseconds: sightings[index].at), note: noteBytes(of: index))
            }
            position = (position + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Forgets the newest sighting, which the last `claim` of `key` in `space` added.
    mutating func unclaim(_ key: UnsafeRawBufferPointer, space: UInt64) {
        let newest = sightings.count - 1
        removeSlot(of: newest, hash: Hashing.hash(key, seed: space))
        records.removeSuffix(from: sightings[newest].start)
        sightings.removeLast()
    }

    /// Forgets the sightings more than `window` old at `now`, oldest first, stopping at the first one that
    /// is not (a repeat inside the window never moved its key's sighting).
    mutating func prune(at now: Instant, window: Int64) {
        while head < sightings.count, now.milliseconds - sightings[head].at > window {
            let key = self.key(head)
            let hash = records.withBytes(in: key.bytes) { Hashing.hash($0, seed: key.space) }
            removeSlot(of: head, hash: hash)
            head += 1
        }
        if head > 1024, head * 2 > sightings.count { compact() }
    }

    // MARK: Records

    /// Appends a sighting and its record; returns the sighting's index.
    private mutating func append(_ key: UnsafeRawBufferPointer, space: UInt64, at now: Instant,
                                 note: some SightingNote) -> Int {
        precondition(sightings.count < Int(Self.indexMask), "more dedupe keys than a slot can index")
        sightings.append(Sighting(at: now.milliseconds, start: records.count))
        Varint.append(UInt64(key.count) << 1 | space, to: &records)
        records.append(key)
        note.write(to: &records)
        return sightings.count - 1
    }

    /// Where record `index` ends: where the next one starts.
    private func end(_ index: Int) -> Int {
        index + 1 < sightings.count ? sightings[index + 1].start : records.count
    }

    private func key(_ index: Int) -> (bytes: Range<Int>, space: UInt64) {
        var offset = sightings[index].start
        let header = Varint.read(records, at: &offset)
        return (offset..<offset + Int(header >> 1), header & 1)
    }

    private func noteBytes(of index: Int) -> [UInt8] {
        records.withBytes(in: key(index).bytes.upperBound..<end(index)) { Array($0) }
    }

    /// The sighting `slot` points at, if its key is `key` in `space`: compared by length, then bytes.
    private func match(_ slot: UInt64, _ key: UnsafeRawBufferPointer, _ space: UInt64) -> Int? {
        let index = Int(slot & Self.indexMask) - 1
        let stored = self.key(index)
        guard stored.space == space, stored.bytes.count == key.count else { return nil }
        return records.withBytes(in: stored.bytes) { Self.equal($0, key) } ? index : nil
    }

    /// Whether two byte strings of the same length are equal, compared eight bytes at a time.
    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while a.count - offset >= 8 {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }

    // MARK: Slots

    @inline(__always)
    private func home(_ tag: UInt64) -> Int {
        Int(truncatingIfNeeded: tag >> UInt64(32 - bits))
    }

    /// Empties the slot that points at sighting `index`, if one does (a key seen anew after its window
    /// points at its newer sighting), then moves later slots of the probe run back into the gap, so
    /// every key stays reachable from its home without tombstones.
    private mutating func removeSlot(of index: Int, hash: UInt64) {
        let mask = slots.count - 1
        let wanted = UInt64(index + 1)
        var gap = home(hash >> 32)
        while slots[gap] & Self.indexMask != wanted {
            if slots[gap] == Self.emptySlot { return }
            gap = (gap + 1) & mask
        }
        var next = (gap + 1) & mask
        while slots[next] != Self.emptySlot {
            // A slot may move back into the gap unless its home lies after the gap, up to its position.
            let distanceFromHome = (next - home(slots[next] >> 32)) & mask
            if distanceFromHome >= (next - gap) & mask {
                slots[gap] = slots[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        slots[gap] = Self.emptySlot
        count -= 1
    }

    /// Moves every slot into a table of 2^`bits` slots, by the hash half each one holds.
    private mutating func rebuildSlots(bits newBits: Int) {
        precondition(newBits <= 32, "more dedupe keys than the slots can hold")
        var moved = [UInt64](repeating: Self.emptySlot, count: 1 << newBits)
        let mask = moved.count - 1
        for slot in slots where slot != Self.emptySlot {
            var position = Int(truncatingIfNeeded: (slot >> 32) >> UInt64(32 - newBits))
            while moved[position] != Self.emptySlot { position = (position + 1) & mask }
            moved[position] = slot
        }
        slots = moved
        bits = newBits
    }

    /// Drops the pruned sightings and their records, and renumbers the slots; shrinks the slots when
    /// the live keys would fit in a quarter of them.
    private mutating func compact() {
        let cut = head < sightings.count ? sightings[head].start : records.count
        records.removePrefix(cut)
        sightings = sightings[head...].map { Sighting(at: $0.at, start: $0.start - cut) }
        let removed = UInt64(head)
        head = 0
        for position in slots.indices where slots[position] != Self.emptySlot {
            slots[position] -= removed
        }
        var wanted = bits
        while wanted > Self.minimumBits, count < (1 << (wanted - 1)) / 4 * 3 / 2 { wanted -= 1 }
        if wanted < bits { rebuildSlots(bits: wanted) }
    }
}
