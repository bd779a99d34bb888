import CMemoryHint

/// The words of one `GrowingSlotIndex` table: 2^`bits` of them in segments of at most 2^16 (512 KiB),
/// each allocated, zeroed and freed on its own. Freeing a large drained table at once makes the system
/// unmap megabytes in one turn, so a drained table is freed a segment at a time as draining passes
/// it; and a new table is zeroed a few words at a time (`zero`) before it is used.
///
/// A reference, written in place: its `GrowingSlotIndex` copies it (`copy`) before writing when it
/// is shared, so the index keeps value semantics. Positions are not bounds-checked beyond the
/// segment list: the index only asks for positions below `count`, in segments zeroed and not freed.
@usableFromInline package final class WordTable: @unchecked Sendable {
    @usableFromInline package let bits: Int
    /// 2^`bits`, and that less one: stored, as a shift by a variable amount costs range checks.
    @usableFromInline package let count: Int
    @usableFromInline package let mask: Int
    /// A segment's words: 2^16, or the whole table when it is smaller.
    @usableFromInline package let segmentSize: Int
    /// A constant, so that finding a word costs no loads but its segment's pointer and the word: a
    /// table smaller than a segment has positions below 2^16, all in its one segment.
    @inlinable static var segmentBits: Int { 16 }
    @usableFromInline package let segmentCount: Int
    @usableFromInline let segments: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    @usableFromInline var _zeroed = 0
    /// The words zeroed so far, from the first: all of them once the table is ready.
    @inlinable package var zeroed: Int { _zeroed }

    /// A table of 2^`bits` words, none of them zeroed yet.
    @inlinable package init(bits: Int) {
        self.bits = bits
        count = 1 << bits
        mask = count - 1
        segmentSize = Swift.min(count, 1 << Self.segmentBits)
        segmentCount = count / segmentSize
        segments = .allocate(capacity: segmentCount)
        segments.initialize(repeating: nil, count: segmentCount)
    }

    deinit {
        for segment in 0..<segmentCount { segments[segment]?.deallocate() }
        segments.deallocate()
    }

    @inlinable package var isReady: Bool { zeroed == count }

    @inline(__always)
    @inlinable package subscript(position: Int) -> UInt64 {
        get { segments[position &>> Self.segmentBits].unsafelyUnwrapped[position & 0xFFFF] }
        set { segments[position &>> Self.segmentBits].unsafelyUnwrapped[position & 0xFFFF] = newValue }
    }

    /// Starts loading the cache lines of `position` and of the word eight positions on (the line after,
    /// where a probe run from `position` often goes on), as far as they are in its segment.
    @inline(__always)
    @inlinable package func prefetch(_ position: Int) {
        let offset = position & 0xFFFF
        let word = segments[position &>> Self.segmentBits].unsafelyUnwrapped + offset
        entryd_prefetch(word)
        if offset + 8 < segmentSize { entryd_prefetch(word + 8) }
    }

    /// Zeroes up to `words` more words, allocating segments as it reaches them.
    @inlinable package func zero(_ words: Int) {
        var left = Swift.min(words, count - zeroed)
        while left > 0 {
            let segment = zeroed / segmentSize
            let offset = zeroed % segmentSize
            if offset == 0 { segments[segment] = .allocate(capacity: segmentSize) }
            let zeroing = Swift.min(left, segmentSize - offset)
            (segments[segment].unsafelyUnwrapped + offset).initialize(repeating: 0, count: zeroing)
            _zeroed += zeroing
            left -= zeroing
        }
    }

    /// Frees segment `segment`, whose words are no longer read.
    @inlinable package func free(segment: Int) {
        segments[segment]?.deallocate()
        segments[segment] = nil
    }

    /// A table of its own with the same words (and the same segments zeroed and freed).
    @inlinable package func copy() -> WordTable {
        let copied = WordTable(bits: bits)
        for segment in 0..<segmentCount {
            guard let source = segments[segment] else { continue }
            let words = Swift.min(segmentSize, zeroed - segment * segmentSize)
            let target = UnsafeMutablePointer<UInt64>.allocate(capacity: segmentSize)
            target.initialize(from: source, count: words)
            copied.segments[segment] = target
        }
        copied._zeroed = zeroed
        return copied
    }
}
