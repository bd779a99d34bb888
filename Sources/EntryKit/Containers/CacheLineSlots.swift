/// The slots of an open-addressing table, each one 64-byte cache line, in one allocation aligned
/// to 64 bytes: a slot never straddles two lines, so a lookup that misses the cache costs one miss
/// for the slot and everything stored inside it.
///
/// The count is a power of two, so a hash picks a slot with a mask and a linear probe wraps around
/// with one (`home(of:)`, `next(after:)`); what a slot holds, how it marks itself empty and how keys
/// compare is the table's user's business. Slots are read and written in place: reading one field of
/// a slot loads that field, not the whole line.
///
/// A reference: the owner fills it, then only reads it, and that is what makes sharing it across
/// threads safe.
@usableFromInline package final class CacheLineSlots<Slot>: @unchecked Sendable {
    /// How many slots there are: a power of two.
    @usableFromInline package let count: Int
    @usableFromInline let base: UnsafeMutablePointer<Slot>

    /// The smallest power of two, 16 at least, that is above `entries` by half at least: with that
    /// many slots left empty, linear probes stay short.
    @inlinable package static func count(for entries: Int) -> Int {
        var count = 16
        while count < entries + entries / 2 { count *= 2 }
        return count
    }

    /// `count` slots (a power of two) each holding `empty`. `Slot` must be exactly one cache line.
    @usableFromInline package init(count: Int, repeating empty: Slot) {
        precondition(MemoryLayout<Slot>.stride == 64, "a slot is one 64-byte cache line")
        precondition(count > 0 && count & (count - 1) == 0, "the slot count is a power of two")
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: count * 64, alignment: 64)
            .bindMemory(to: Slot.self, capacity: count)
        base.initialize(repeating: empty, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The slot at `index`, read or written in place; an index out of range traps in debug builds,
    /// as the standard library's buffers do (a table's indices are masked by its count).
    @inlinable package subscript(index: Int) -> Slot {
        @inline(__always) unsafeAddress {
            assert(index >= 0 && index < count, "slot index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always) unsafeMutableAddress {
            assert(index >= 0 && index < count, "slot index out of range")
            return base + index
        }
    }

    /// The slot where a probe for `hash` starts: its low bits.
    @inline(__always)
    @inlinable package func home(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (count &- 1)
    }

    /// The slot a linear probe tries after `index`, wrapping around at the end.
    @inline(__always)
    @inlinable package func next(after index: Int) -> Int {
        (index &+ 1) & (count &- 1)
    }
}
