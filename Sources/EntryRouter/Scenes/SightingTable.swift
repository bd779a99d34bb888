/// What a sighting keeps besides its key, written into the table's arena when the key is first seen.
/// A type rather than a closure, so the table is specialized for it and nothing is captured per call.
protocol SightingNote {
    /// How many bytes `write` writes: the record is sized before it is written, so the arena checks for
    /// room once.
    var byteCount: Int { get }
    func write(to cursor: inout ByteCursor)
}

/// No note: a key restored from the store, whose original is unknown.
struct NoNote: SightingNote {
    var byteCount: Int { 0 }
    func write(to cursor: inout ByteCursor) {}
}

/// Byte-string keys, each with the instant it was first seen and a few bytes about it, forgotten oldest
/// first: the storage of the dedupe window (R18), which holds several hundred thousand keys under load.
///
/// Two arrays and an index, none holding a reference per key:
/// - `records`: one byte arena, each key's record appended as it is seen: a varint header (the key's
///   length and its space), the key's bytes, then what the caller wrote about it (its "note").
/// - `sightings`: per record, its instant and where it starts, in the order they were appended. A
///   record ends where the next one starts, so the note needs no length of its own.
/// - `index`: a `SlotIndex` from the high half of each key's hash to its sighting. Growing it moves
///   the stored words and never reads or hashes a key again.
///
/// Sightings are pruned from the oldest, removing their word from the index (by backward shift, so
/// probe runs never lengthen with age); once more than half of the sightings are pruned, the arena
/// and the sightings are cut to the live ones, and the index renumbered in one pass, so memory
/// follows the live window.
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
    private(set) var index = SlotIndex()

    /// The keys that have a sighting in the index.
    var count: Int { index.count }

    mutating func reserve(_ keys: Int) {
        index.reserve(keys)
        sightings.reserveCapacity(keys)
    }

    /// The earlier sighting of `key` in `space` if it is at most `window` old at `now`. Otherwise `key` is
    /// remembered as seen now with `note`, and the result is nil. One hash and one probe run do both;
    /// `tag` is the key's `tag(of:space:)` when the caller has it already, and then nothing is hashed.
    mutating func claim(_ key: UnsafeRawBufferPointer, space: UInt64, tag: UInt32? = nil, at now: Instant,
                        window: Int64, note: some SightingNote) -> Earlier? {
        index.reserveOneMore()
        let tag = tag ?? Self.tag(of: key, space: space)
        let probe = index.probe(tag: tag) { matches(Int($0), key, space) }
        if let found = probe.slot {
            let at = sightings[Int(found)].at
            if now.milliseconds - at <= window { return Earlier(at: Instant(milliseconds: at), note: noteBytes(of: Int(found))) }
            // Past the window and not pruned yet: seen anew. The old sighting is left for pruning,
            // which will find no word pointing at it.
        }
        index.set(probe, tag: tag, slot: append(key, space: space, at: now, note: note))
        return nil
    }

    /// The sighting of `key` in `space`, however old, if it is still held.
    func sighting(of key: UnsafeRawBufferPointer, space: UInt64) -> Earlier? {
        guard let found = index.probe(tag: Self.tag(of: key, space: space), where: { matches(Int($0), key, space) }).slot
        else { return nil }
        return Earlier(at: Instant(milliseconds: sightings[Int(found)].at), note: noteBytes(of: Int(found)))
    }

    /// Forgets the newest sighting, which the last `claim` of `key` in `space` added.
    mutating func unclaim(_ key: UnsafeRawBufferPointer, space: UInt64) {
        let newest = sightings.count - 1
        index.remove(tag: Self.tag(of: key, space: space), slot: Int32(newest))
        records.removeSuffix(from: sightings[newest].start)
        sightings.removeLast()
    }

    /// Forgets the sightings more than `window` old at `now`, oldest first, stopping at the first one that
    /// is not (a repeat inside the window never moved its key's sighting). A key seen anew after its
    /// window points at its newer sighting, so removing the older one finds no word and leaves it.
    mutating func prune(at now: Instant, window: Int64) {
        while head < sightings.count, now.milliseconds - sightings[head].at > window {
            let key = self.key(head)
            let tag = records.withBytes(in: key.bytes) { Self.tag(of: $0, space: key.space) }
            index.remove(tag: tag, slot: Int32(head))
            head += 1
        }
        if head > 1024, head * 2 > sightings.count { compact() }
    }

    /// The high half of the key's hash, seeded with its space: what the index keeps of it.
    static func tag(of key: UnsafeRawBufferPointer, space: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: Hashing.hash(key, seed: space) >> 32)
    }

    // MARK: Records

    /// Appends a sighting and its record; returns the sighting's index.
    private mutating func append(_ key: UnsafeRawBufferPointer, space: UInt64, at now: Instant,
                                 note: some SightingNote) -> Int32 {
        precondition(sightings.count < Int(Int32.max), "more dedupe keys than the index can hold")
        sightings.append(Sighting(at: now.milliseconds, start: records.count))
        let header = UInt64(key.count) << 1 | space
        records.append(exactly: Varint.size(of: header) + key.count + note.byteCount) { cursor in
            cursor.write(varint: header)
            cursor.write(key)
            note.write(to: &cursor)
        }
        return Int32(sightings.count - 1)
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

    /// Whether sighting `index` is of `key` in `space`: compared by length, then bytes.
    private func matches(_ index: Int, _ key: UnsafeRawBufferPointer, _ space: UInt64) -> Bool {
        let stored = self.key(index)
        guard stored.space == space, stored.bytes.count == key.count else { return false }
        return records.withBytes(in: stored.bytes) { Self.equal($0, key) }
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

    /// Drops the pruned sightings and their records, and renumbers the index (which shrinks when the
    /// live keys would fit in a quarter of it).
    private mutating func compact() {
        let cut = head < sightings.count ? sightings[head].start : records.count
        records.removePrefix(cut)
        sightings = sightings[head...].map { Sighting(at: $0.at, start: $0.start - cut) }
        let removed = Int32(head)
        head = 0
        index.renumber { $0 - removed }
    }
}
