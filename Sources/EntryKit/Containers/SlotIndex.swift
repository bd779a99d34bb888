/// A hashed index from keys to positions ("slots") in an array its owner keeps: the inbox's index by id
/// and by collapseId. (The dedupe window's index, which holds millions of keys, is a
/// `GrowingSlotIndex`: the same words and probing, resized a few at a time; a fix to one belongs in
/// the other.)
///
/// It stores no keys. Each word is the high half of a key's hash (its "tag") and the slot plus one
/// (0 is an empty word); a lookup compares tags, then asks the owner whether the key at that slot is
/// the one wanted, so a key is compared against the entry's own string and never copied. The owner
/// keeps each slot's tag beside it, so removing a slot finds its word by tag and slot alone, with no
/// hashing and no key comparison. Swift's `Dictionary` would hash each id and collapseId again for
/// every lookup, insert and delete of a push, and cannot find-or-insert with a hash already computed.
///
/// Open addressing with linear probing over a power-of-two array, removal by backward shift (no
/// tombstones). A key may have several words (the collapseId index: entries held or given back can
/// share one); `probe` and `set` keep one word per key where keys are unique (ids).
@usableFromInline package struct SlotIndex: Sendable {
    @usableFromInline var _words = [UInt64](repeating: 0, count: 1 << minimumBits)
    /// The table itself; read by tests that check where removal leaves words.
    @inlinable package var words: [UInt64] { _words }

    /// log2 of `words.count`.
    @usableFromInline var bits = minimumBits
    @usableFromInline var _count = 0
    /// The words in use.
    @inlinable package var count: Int { _count }

    /// An empty index.
    @inlinable package init() {}

    @inlinable static var minimumBits: Int { 4 }
    @inlinable static var slotMask: UInt64 { 0xFFFF_FFFF }

    /// The tag of `key`: the high half of its `KeyHash`.
    @inlinable package static func tag(of key: String) -> UInt32 {
        UInt32(truncatingIfNeeded: KeyHash.hash(key, seed: 0) >> 32)
    }

    /// Where a probe for a key ended: at its word, or at the empty word where it would go.
    @usableFromInline package struct Probe {
        @usableFromInline var position: Int
        /// The slot the key's word holds; nil when the key has none.
        @usableFromInline package var slot: Int32?

        @inlinable init(position: Int, slot: Int32?) {
            self.position = position
            self.slot = slot
        }
    }

    /// Makes room for one more word, so that a `probe` made next stays valid for `set`.
    @inlinable package mutating func reserveOneMore() {
        if count >= capacity { rebuild(bits: bits + 1) }
    }

    /// Looks for the word of the key that `matches` accepts. Non-mutating, so `matches` may read the
    /// owner's slots; `set` then stores at the probe's end without probing again (find-or-insert).
    @inlinable package func probe(tag: UInt32, where matches: (Int32) -> Bool) -> Probe {
        let mask = words.count - 1
        var position = home(tag)
        while words[position] != 0 {
            let word = words[position]
            if UInt32(truncatingIfNeeded: word >> 32) == tag, matches(slot(word)) {
                return Probe(position: position, slot: slot(word))
            }
            position = (position + 1) & mask
        }
        return Probe(position: position, slot: nil)
    }

    /// Points the probed key at `slot`, adding its word if it had none. `probe` must be the last one made,
    /// after `reserveOneMore`, with nothing changed since.
    @inlinable package mutating func set(_ probe: Probe, tag: UInt32, slot: Int32) {
        if probe.slot == nil { _count += 1 }
        _words[probe.position] = word(tag, slot)
    }

    /// Adds a word for `slot`, without looking for one of the same key.
    @inlinable package mutating func insert(tag: UInt32, slot: Int32) {
        reserveOneMore()
        set(probe(tag: tag) { _ in false }, tag: tag, slot: slot)
    }

    /// Removes the word of `slot`, whose key has `tag`; nothing if there is none. Later words of the probe
    /// run move back into the gap, so every word stays reachable from its home.
    @inlinable package mutating func remove(tag: UInt32, slot: Int32) {
        let mask = words.count - 1
        let wanted = word(tag, slot)
        var gap = home(tag)
        while words[gap] != wanted {
            if words[gap] == 0 { return }
            gap = (gap + 1) & mask
        }
        var next = (gap + 1) & mask
        while words[next] != 0 {
            // A word may move back into the gap unless its home lies after the gap, up to its position.
            let distanceFromHome = (next - home(UInt32(truncatingIfNeeded: words[next] >> 32))) & mask
            if distanceFromHome >= (next - gap) & mask {
                _words[gap] = words[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        _words[gap] = 0
        _count -= 1
    }

    /// Gives `slot`'s word, whose key has tag `old`, the tag `new`: a slot whose key changed (an entry
    /// replaced in place). The old word goes first, so the array never grows for the new one.
    @inlinable package mutating func retag(slot: Int32, from old: UInt32, to new: UInt32) {
        remove(tag: old, slot: slot)
        insert(tag: new, slot: slot)
    }

    /// Gives every word the slot `renumbered` maps its slot to: the owner moved its slots, the keys and
    /// their tags stayed. The words stay where they are, as their homes depend on tags alone; the array
    /// shrinks when the words would fit in a quarter of it.
    @inlinable package mutating func renumber(_ renumbered: (Int32) -> Int32) {
        for position in words.indices where words[position] != 0 {
            let word = words[position]
            _words[position] = word & ~Self.slotMask | UInt64(renumbered(slot(word)) + 1)
        }
        var wanted = bits
        while wanted > Self.minimumBits, count < (1 << (wanted - 1)) / 4 * 3 / 2 { wanted -= 1 }
        if wanted < bits { rebuild(bits: wanted) }
    }

    // MARK: Words

    /// The most words held before the array grows: a load factor of 3/4.
    @inlinable var capacity: Int { words.count / 4 * 3 }

    @inline(__always)
    @inlinable func home(_ tag: UInt32) -> Int { Int(truncatingIfNeeded: tag >> UInt32(32 - bits)) }

    @inline(__always)
    @inlinable func word(_ tag: UInt32, _ slot: Int32) -> UInt64 { UInt64(tag) << 32 | UInt64(UInt32(slot) + 1) }

    @inline(__always)
    @inlinable func slot(_ word: UInt64) -> Int32 { Int32(truncatingIfNeeded: (word & Self.slotMask) - 1) }

    /// Moves every word into an array of 2^`newBits` words, by its tag.
    @inlinable mutating func rebuild(bits newBits: Int) {
        precondition(newBits <= 32, "more keys than the index can hold")
        var moved = [UInt64](repeating: 0, count: 1 << newBits)
        let mask = moved.count - 1
        for word in words where word != 0 {
            var position = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word >> 32) >> UInt32(32 - newBits))
            while moved[position] != 0 { position = (position + 1) & mask }
            moved[position] = word
        }
        _words = moved
        bits = newBits
    }
}
