/// A `SlotIndex` whose resizing never stops an operation for long: the dedupe window's index of its
/// sightings (`SightingTable`), which holds millions of keys. Rebuilding a table that size at once
/// would stall a whole turn, and every request behind it.
///
/// Words are as in `SlotIndex` (tag in the high half, the owner's value in the low half), with linear
/// probing and removal by backward shift, but a value is 31 bits and the low half's top bit marks a
/// used word, so any value (0 included) makes a word other than the empty 0. The owner numbers its
/// sightings with integers that only grow and stores them modulo 2^31 (see `SightingTable`). Its
/// probing and removal repeat `SlotIndex`'s over segmented words rather than share one
/// implementation, which makes every push's probes slower (docs/PERFORMANCE.md, "Measured and not
/// adopted"); so a fix to one belongs in the other.
///
/// Resizing is spread over the operations around it, each doing a bounded amount:
/// - *preparing*: once the table is half full (or under a sixth full), the next table (twice or half
///   the size) is zeroed `zeroStep` words per operation, so that no operation zeroes megabytes;
/// - *draining*: at three quarters full (or under an eighth), the next table becomes the current one
///   and the old one is "draining": each operation moves the words of its next `drainPositions`
///   positions into the current table, in order from an empty position (`origin`), emptying them.
///
/// Each key has its word in exactly one of the two tables; lookups and removals try the current one,
/// then the draining one. Emptying a drained position does not move the rest of its probe run back,
/// as a removal does: a key whose home was drained is looked for from the first position not drained
/// (`cursor` positions after `origin`), where the rest of its run begins; since no run crossed the
/// empty `origin`, positions counted from it never wrap around. Removals in the draining table shift
/// back only into positions not drained. A drained table's memory is freed a segment at a time as
/// draining passes it (`WordTable`). Draining takes at most 1/24 of the insertions until the next
/// resize, so it always ends before the current table needs to change size again.
@usableFromInline package struct GrowingSlotIndex: Sendable {
    /// The current table.
    @usableFromInline var table = Self.readyTable(bits: minimumBits)
    @usableFromInline var _count = 0
    /// The words in use, in both tables.
    @inlinable package var count: Int { _count }

    /// The table being emptied into `table` after a resize.
    @usableFromInline var draining: WordTable?
    /// Where draining started: an empty position, so that no probe run crosses it.
    @usableFromInline var origin = 0
    /// How many positions from `origin` on are drained (emptied without moving the rest of their runs).
    @usableFromInline var cursor = 0
    /// How many segments after `origin`'s are drained whole and freed.
    @usableFromInline var freedSegments = 0

    /// The next table while it is being zeroed.
    @usableFromInline var upcoming: WordTable?

    /// The counts at which no resize is under way or due: operations inside it check one range and
    /// return. Set by `settle`.
    @usableFromInline var calm = 0..<(1 << minimumBits) / 2

    /// An empty index.
    @inlinable package init() {}

    @inlinable static var minimumBits: Int { 4 }
    @inlinable static var valueMask: UInt64 { 0x7FFF_FFFF }
    @inlinable static var usedBit: UInt64 { 0x8000_0000 }
    /// Words zeroed in the next table per operation: it needs twice the table's size over a quarter of
    /// the table's size in insertions, or half of it over 1/24 in removals.
    @inlinable static var zeroStep: Int { 256 }
    /// Positions of the draining table emptied per operation (a word moved for three in four of them
    /// at most).
    @inlinable static var drainPositions: Int { 32 }

    /// The current table's words; read by tests that check where removal leaves words.
    @inlinable package var words: [UInt64] { (0..<table.count).map { table[$0] } }

    /// How many words the draining table has room for; 0 when none is draining.
    @inlinable package var drainingSize: Int { draining?.count ?? 0 }

    /// Where a probe for a key ended: at its word, or at the empty word of the current table where it
    /// would go.
    @usableFromInline package struct Probe {
        @usableFromInline var position: Int
        @usableFromInline var inDraining: Bool
        /// The value the key's word holds; nil when the key has none.
        @usableFromInline package var value: UInt32?

        @inlinable init(position: Int, inDraining: Bool, value: UInt32?) {
            self.position = position
            self.inDraining = inDraining
            self.value = value
        }
    }

    /// Makes room for `count` words at once, so that adding them resizes the table no more: for keys
    /// restored at start-up, where one rebuild costs less than spreading it.
    @inlinable package mutating func reserve(_ count: Int) {
        own()
        while draining != nil { drain() }
        var wanted = table.bits
        while Self.capacity(bits: wanted) < count { wanted += 1 }
        guard wanted > table.bits else { return }
        startDraining(into: Self.readyTable(bits: wanted))
        while draining != nil { drain() }
        settle()
    }

    /// Does this operation's share of a resize and makes room for one more word, so that a `probe`
    /// made next stays valid for `set`.
    @inline(__always)
    @inlinable package mutating func reserveOneMore() {
        own()
        if draining != nil || !calm.contains(count) { resizeSome() }
    }

    /// Looks for the word of the key that `matches` accepts. Non-mutating, so `matches` may read the
    /// owner's values; `set` then stores at the probe's end without probing again (find-or-insert).
    @inline(__always)
    @inlinable package func probe(tag: UInt32, where matches: (UInt32) -> Bool) -> Probe {
        let mask = table.mask
        var position = Self.home(tag, table.bits)
        while table[position] != 0 {
            let word = table[position]
            if UInt32(truncatingIfNeeded: word >> 32) == tag, matches(Self.value(word)) {
                return Probe(position: position, inDraining: false, value: Self.value(word))
            }
            position = (position + 1) & mask
        }
        if let draining, let found = drainingPosition(draining, tag: tag, where: matches) {
            return Probe(position: found, inDraining: true, value: Self.value(draining[found]))
        }
        return Probe(position: position, inDraining: false, value: nil)
    }

    /// Starts loading the words a `probe` for `tag` in the current table reads first. With millions of
    /// keys the table is tens of megabytes, and the first word of almost every probe a cache miss; the
    /// turn asks for the words of all its arrivals before handling the first, so that their misses
    /// overlap instead of stalling the turn one after another (docs/PERFORMANCE.md, "Why a prefetch").
    @inline(__always)
    @inlinable package func prefetch(tag: UInt32) {
        table.prefetch(Self.home(tag, table.bits))
    }

    /// Points the probed key at `value` (31 bits), adding its word if it had none. `probe` must be the
    /// last one made, after `reserveOneMore`, with nothing changed since.
    @inline(__always)
    @inlinable package mutating func set(_ probe: Probe, tag: UInt32, value: UInt32) {
        if probe.inDraining, let draining {
            draining[probe.position] = Self.word(tag, value)
            return
        }
        if probe.value == nil { _count += 1 }
        table[probe.position] = Self.word(tag, value)
    }

    /// Removes the word of `value`, whose key has `tag`; nothing if there is none.
    @inlinable package mutating func remove(tag: UInt32, value: UInt32) {
        own()
        let wanted = Self.word(tag, value)
        if Self.remove(wanted, from: table) {
            _count -= 1
        } else if let draining, let found = drainingPosition(draining, tag: tag, where: { $0 == value }) {
            Self.removeWord(at: found, from: draining)
            _count -= 1
        }
        if draining != nil || !calm.contains(count) { resizeSome() }
    }

    // MARK: Resizing

    /// The most words held before the table grows: a load factor of 3/4.
    @inlinable static func capacity(bits: Int) -> Int { (1 << bits) / 4 * 3 }

    @inlinable static func readyTable(bits: Int) -> WordTable {
        let table = WordTable(bits: bits)
        table.zero(table.count)
        return table
    }

    /// Makes the tables this index's own before it writes to them: a copy of the index (the router is
    /// a value) shares them until then.
    @inline(__always)
    @inlinable mutating func own() {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        if draining != nil, !isKnownUniquelyReferenced(&draining) { draining = draining?.copy() }
        if upcoming != nil, !isKnownUniquelyReferenced(&upcoming) { upcoming = upcoming?.copy() }
    }

    /// One operation's share: draining the old table, or zeroing the next one and switching to it.
    @inline(never)
    @inlinable mutating func resizeSome() {
        if draining != nil {
            drain()
            if draining == nil { settle() }
            return
        }
        let grows = count >= calm.upperBound
        let bits = table.bits
        let target = grows ? bits + 1 : bits - 1
        let next = upcoming?.bits == target ? upcoming.unsafelyUnwrapped : WordTable(bits: target)
        upcoming = next
        next.zero(Self.zeroStep)
        if grows ? count >= Self.capacity(bits: bits) : count < (1 << bits) / 8 {
            upcoming = nil
            startDraining(into: next)
            drain()
        }
        settle()
    }

    /// Sets `calm`: a resize is prepared from half full (or under a sixth), and done at three quarters
    /// (or under an eighth) once its table is ready; in between, operations have nothing to do.
    @inlinable mutating func settle() {
        let bits = table.bits
        let size = 1 << bits
        let ready = upcoming?.isReady ?? false
        let upper = ready && upcoming?.bits == bits + 1 ? Self.capacity(bits: bits) : size / 2
        let lower = bits == Self.minimumBits ? 0 : ready && upcoming?.bits == bits - 1 ? size / 8 : size / 6
        calm = lower..<upper
    }

    /// Makes `next` (zeroed now as far as it is not yet) the current table, and the current one the
    /// draining one.
    @inlinable mutating func startDraining(into next: WordTable) {
        precondition(next.bits <= 32, "more keys than the index can hold")
        next.zero(next.count)
        let old = table
        origin = (0..<old.count).first { old[$0] == 0 } ?? 0
        cursor = 0
        freedSegments = 0
        draining = old
        table = next
    }

    /// Moves the words at the draining table's next `drainPositions` positions into the current one,
    /// and frees the segments it has drained whole; lets go of the draining table once it is empty.
    @inlinable mutating func drain() {
        guard let old = draining else { return }
        let end = Swift.min(cursor + Self.drainPositions, old.count)
        let (mask, table) = (old.mask, table)
        let tableMask = table.mask
        for relative in cursor..<end {
            let position = (relative + origin) & mask
            let word = old[position]
            guard word != 0 else { continue }
            old[position] = 0
            var to = Self.home(UInt32(truncatingIfNeeded: word >> 32), table.bits)
            while table[to] != 0 { to = (to + 1) & tableMask }
            table[to] = word
        }
        cursor = end
        if cursor == old.count {
            draining = nil
            return
        }
        // The segments after origin's, in order: one is drained whole once its last position is.
        let segments = old.segmentCount
        while freedSegments < segments - 1 {
            let segment = (origin / old.segmentSize + 1 + freedSegments) & (segments - 1)
            guard (segment * old.segmentSize - origin) & mask + old.segmentSize <= cursor else { break }
            old.free(segment: segment)
            freedSegments += 1
        }
    }

    /// The position in `draining` of the word of the key that `matches` accepts. The drained positions
    /// were the start of some probe runs: a key whose home lies among them is looked for from the first
    /// position not drained.
    @inlinable func drainingPosition(_ draining: WordTable, tag: UInt32, where matches: (UInt32) -> Bool) -> Int? {
        let mask = draining.mask
        let home = Self.home(tag, draining.bits)
        var position = (home - origin) & mask < cursor ? (cursor + origin) & mask : home
        while draining[position] != 0 {
            let word = draining[position]
            if UInt32(truncatingIfNeeded: word >> 32) == tag, matches(Self.value(word)) { return position }
            position = (position + 1) & mask
        }
        return nil
    }

    // MARK: Words

    @inline(__always)
    @inlinable static func home(_ tag: UInt32, _ bits: Int) -> Int { Int(truncatingIfNeeded: tag >> UInt32(32 - bits)) }

    @inline(__always)
    @inlinable static func word(_ tag: UInt32, _ value: UInt32) -> UInt64 {
        UInt64(tag) << 32 | usedBit | UInt64(value) & valueMask
    }

    @inline(__always)
    @inlinable static func value(_ word: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: word & valueMask) }

    /// Removes `wanted` from `table` if it is there.
    @inlinable static func remove(_ wanted: UInt64, from table: WordTable) -> Bool {
        let mask = table.mask
        var position = home(UInt32(truncatingIfNeeded: wanted >> 32), table.bits)
        while table[position] != wanted {
            if table[position] == 0 { return false }
            position = (position + 1) & mask
        }
        removeWord(at: position, from: table)
        return true
    }

    /// Empties `position`, moving later words of its probe run back into it, so every word stays
    /// reachable from its home.
    @inlinable static func removeWord(at position: Int, from table: WordTable) {
        let mask = table.mask
        var gap = position
        var next = (gap + 1) & mask
        while table[next] != 0 {
            // A word may move back into the gap unless its home lies after the gap, up to its position.
            let distanceFromHome = (next - home(UInt32(truncatingIfNeeded: table[next] >> 32), table.bits)) & mask
            if distanceFromHome >= (next - gap) & mask {
                table[gap] = table[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        table[gap] = 0
    }
}
