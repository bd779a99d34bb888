import EntryKit

/// What a sighting keeps besides its key, written into the table's arena when the key is first seen.
/// A type rather than a closure, so the table is specialized for it and nothing is captured per call.
protocol SightingNote {
    /// The most bytes `write` writes: room for the record is made before it is written, so the arena
    /// checks for room once.
    var maxByteCount: Int { get }
    func write(to cursor: inout ByteCursor)
}

/// No note: a key restored from the store, whose original is unknown.
struct NoNote: SightingNote {
    var maxByteCount: Int { 0 }
    func write(to cursor: inout ByteCursor) {}
}

/// Byte-string keys, each with the instant it was first seen and a few bytes about it, forgotten oldest
/// first: the storage of the dedupe window (R18), which holds millions of keys under load.
///
/// Two stores and an index, none holding a reference per key:
/// - `records`: a `ByteArena`, each key's record appended as it is seen: a varint header (the key's
///   length and its space), the key's bytes, then what the caller wrote about it (its "note").
/// - `sightings`: per record, its instant and where it starts, in the order they were appended and
///   numbered so (`ChunkedQueue`). A record ends where the next one starts, or at the end of its chunk
///   when the next one starts another, so the note needs no length of its own.
/// - `index`: a `GrowingSlotIndex` from the high half of each key's hash to its sighting's number.
///
/// The table stays in the engine while the three containers live in EntryKit: it holds no raw memory
/// of its own (records are lent as views), and what it adds to them is the window's meaning, which a
/// generic keyed log would have to take as parameters: instants that order the sightings, pruning by
/// age and by count, two key spaces, and a note read back only for a duplicate.
///
/// No operation costs more than a bounded amount of work, whatever the window's size: both stores are
/// chunks that never move, and the index grows or shrinks a few words per operation. Sightings are
/// pruned from the oldest, removing their word from the index, and whole chunks of both stores are
/// freed behind them, so memory follows the live window without a pass over it.
///
/// Sighting numbers only grow (a 64-bit count never wraps); the index keeps them modulo 2^31. The
/// live sightings are those numbered from `sightings.start` to `sightings.end`, fewer than 2^31 apart,
/// so a kept value is the number at its distance from `start` modulo 2^31 (`number(of:)`): nothing is
/// renumbered, and every word points at a live sighting (a pruned one's word is removed with it).
///
/// The key space (0 or 1) seeds the hash and is part of the header: equal bytes in two spaces are two
/// keys.
struct SightingTable<Hashing: KeyHashing>: Sendable {
    struct Sighting: Sendable {
        var at: Int64
        var start: ByteArena.Position
    }

    /// A key seen inside the window, with the note its first sighting wrote (empty if none was).
    struct Earlier {
        var at: Instant
        var note: [UInt8]
    }

    private(set) var records: ByteArena
    private(set) var sightings: ChunkedQueue<Sighting>
    private(set) var index = GrowingSlotIndex()
    /// The instant of the sighting `prune` last stopped at, the oldest it kept; nil when it kept none.
    /// Sightings are appended as time goes on, so the oldest live one is no older, and nothing is due
    /// before `window` past it. Should the clock step back after `unclaim` emptied the table, a newer
    /// sighting may be older than this and be pruned a little late: only its memory is held longer,
    /// since `claim` and `DedupeWindow`'s lookups check the window themselves.
    private var oldestKept: Int64?

    /// An empty table whose first sighting will be numbered `firstNumber` and first record chunk
    /// `firstChunk`: tests start near the wrap-around of the numbers the index and the arena keep.
    init(firstNumber: Int = 0, firstChunk: UInt32 = 0) {
        records = ByteArena(firstChunk: firstChunk)
        sightings = ChunkedQueue(startingAt: firstNumber)
    }

    /// The keys that have a sighting in the index.
    var count: Int { index.count }

    mutating func reserve(_ keys: Int) {
        index.reserve(keys)
    }

    /// The earlier sighting of `key` in `space` if it is at most `window` old at `now`. Otherwise `key` is
    /// remembered as seen now with `note`, and the result is nil. One hash and one probe run do both;
    /// `tag` is the key's `tag(of:space:)` when the caller has it already, and then nothing is hashed.
    mutating func claim(_ key: ByteView, space: UInt64, tag: UInt32? = nil, at now: Instant,
                        window: Int64, note: some SightingNote) -> Earlier? {
        index.reserveOneMore()
        let tag = tag ?? Self.tag(of: key, space: space)
        let probe = index.probe(tag: tag) { matches(number(of: $0), key, space) }
        if let found = probe.value {
            let earlier = number(of: found)
            let at = sightings[earlier].at
            if now.milliseconds - at <= window { return Earlier(at: Instant(milliseconds: at), note: noteBytes(of: earlier)) }
            // Past the window and not pruned yet: seen anew. The old sighting is left for pruning,
            // which will find no word pointing at it.
        }
        index.set(probe, tag: tag, value: append(key, space: space, at: now, note: note))
        return nil
    }

    /// Starts loading what a `claim` of the key whose tag is `tag` reads first (its index words).
    @inline(__always)
    func prefetch(tag: UInt32) {
        index.prefetch(tag: tag)
    }

    /// The sighting of `key` in `space`, however old, if it is still held.
    func sighting(of key: ByteView, space: UInt64) -> Earlier? {
        guard let found = index.probe(tag: Self.tag(of: key, space: space), where: { matches(number(of: $0), key, space) }).value
        else { return nil }
        let held = number(of: found)
        return Earlier(at: Instant(milliseconds: sightings[held].at), note: noteBytes(of: held))
    }

    /// Forgets the newest sighting, which the last `claim` of `key` in `space` added.
    mutating func unclaim(_ key: ByteView, space: UInt64) {
        let newest = sightings.end - 1
        index.remove(tag: Self.tag(of: key, space: space), value: Self.value(of: newest))
        records.removeSuffix(from: sightings[newest].start)
        sightings.removeLast()
    }

    /// Forgets the sightings more than `window` old at `now`, oldest first, stopping at the first one that
    /// is not (a repeat inside the window never moved its key's sighting). A key seen anew after its
    /// window points at its newer sighting, so removing the older one finds no word and leaves it.
    ///
    /// Most calls (one a turn) find nothing due: they stop at `oldestKept`, inlined into the caller,
    /// without reading the oldest sighting out of its chunk or entering the loop's function.
    @inline(__always)
    mutating func prune(at now: Instant, window: Int64) {
        if let oldestKept, now.milliseconds - oldestKept <= window { return }
        pruneDue(at: now, window: window)
    }

    @inline(never)
    private mutating func pruneDue(at now: Instant, window: Int64) {
        var head = sightings.start
        while head < sightings.end, now.milliseconds - sightings[head].at > window {
            let tag = withKey(of: head) { Self.tag(of: $0, space: $1) }
            index.remove(tag: tag, value: Self.value(of: head))
            head += 1
        }
        oldestKept = head < sightings.end ? sightings[head].at : nil
        guard head > sightings.start else { return }
        sightings.removeFirst(upTo: head)
        records.removeChunks(before: sightings.isEmpty ? nil : sightings[head].start)
    }

    /// Forgets the oldest sightings until at most `maxKeys` keys are held, and returns how many keys
    /// it forgot: a sighting whose key was seen anew since goes too, without counting, as no word
    /// points at it. Each sighting is dropped once, so over many calls this costs what `claim` added.
    mutating func evict(downTo maxKeys: Int) -> Int {
        guard index.count > maxKeys else { return 0 }
        var head = sightings.start
        var evicted = 0
        while index.count > maxKeys, head < sightings.end {
            let held = index.count
            let tag = withKey(of: head) { Self.tag(of: $0, space: $1) }
            index.remove(tag: tag, value: Self.value(of: head))
            if index.count < held { evicted += 1 }
            head += 1
        }
        oldestKept = head < sightings.end ? sightings[head].at : nil
        sightings.removeFirst(upTo: head)
        records.removeChunks(before: sightings.isEmpty ? nil : sightings[head].start)
        return evicted
    }

    /// The high half of the key's hash, seeded with its space: what the index keeps of it.
    static func tag(of key: ByteView, space: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: Hashing.hash(key, seed: space) >> 32)
    }

    // MARK: Numbers

    /// The number of the live sighting the index keeps as `value`.
    private func number(of value: UInt32) -> Int {
        sightings.start + Int((value &- UInt32(truncatingIfNeeded: sightings.start)) & 0x7FFF_FFFF)
    }

    /// What the index keeps of sighting `number`: its low 31 bits.
    private static func value(of number: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: number) & 0x7FFF_FFFF
    }

    // MARK: Records

    /// Appends a sighting and its record; returns what the index keeps of its number.
    private mutating func append(_ key: ByteView, space: UInt64, at now: Instant,
                                 note: some SightingNote) -> UInt32 {
        precondition(sightings.end - sightings.start < 0x7FFF_FFFF, "more dedupe keys than the index can hold")
        let header = UInt64(key.count) << 1 | space
        let start = records.append(atMost: Varint.maxSize + key.count + note.maxByteCount) { cursor in
            cursor.write(varint: header)
            cursor.write(key)
            note.write(to: &cursor)
        }
        sightings.append(Sighting(at: now.milliseconds, start: start))
        return Self.value(of: sightings.end - 1)
    }

    /// Where record `number` ends: where the next one starts, or the end of its chunk if the next one
    /// is in another or there is none.
    private func end(_ number: Int) -> ByteArena.Position {
        let start = sightings[number].start
        if number + 1 < sightings.end {
            let next = sightings[number + 1].start
            if next >> 32 == start >> 32 { return next }
        }
        return records.chunkEnd(of: start)
    }

    /// Calls `body` with the key of record `number` and its space.
    private func withKey<Result>(of number: Int, _ body: (ByteView, UInt64) -> Result) -> Result {
        let start = sightings[number].start
        return records.withBytes(from: start, to: records.chunkEnd(of: start)) { record in
            var offset = 0
            let header = Varint.read(record, at: &offset)
            return body(record.extracting(offset..<offset + Int(header >> 1)), header & 1)
        }
    }

    private func noteBytes(of number: Int) -> [UInt8] {
        records.withBytes(from: sightings[number].start, to: end(number)) { record in
            var offset = 0
            let header = Varint.read(record, at: &offset)
            return Array(record.extracting(from: offset + Int(header >> 1)))
        }
    }

    /// Whether sighting `number` is of `key` in `space`: compared by length, then bytes.
    private func matches(_ number: Int, _ key: ByteView, _ space: UInt64) -> Bool {
        withKey(of: number) { stored, storedSpace in
            storedSpace == space && stored.count == key.count && Self.equal(stored, key)
        }
    }

    /// Whether two byte strings of the same length are equal, compared eight bytes at a time.
    private static func equal(_ a: ByteView, _ b: ByteView) -> Bool {
        var offset = 0
        while a.count - offset >= 8 {
            guard a.loadWord(at: offset) == b.loadWord(at: offset) else { return false }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }
}
