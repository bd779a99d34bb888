/// Records of bytes appended at the end and dropped from the front: the dedupe window's keys and notes.
///
/// An array of bytes would do, but appending a few bytes to one checks capacity and uniqueness and
/// copies through the generic path on every call, and the window appends half a dozen small pieces
/// per arrival. Here an append is a capacity check and a copy.
///
/// The bytes are kept in chunks of `chunkSize` (a record larger than that gets a chunk of its own
/// size), and a record never spans two: one that does not fit the rest of the chunk being filled starts
/// the next. So nothing written ever moves (one allocation that doubled would copy every record held
/// at once, a whole turn's stall), and dropping the oldest records frees whole chunks. Only the first
/// chunk grows, by doubling up to `chunkSize`, so that a small window stays small.
///
/// A record is found by its `Position`: its chunk's number and its offset in the chunk. Chunk numbers
/// only grow and are kept modulo 2^32; fewer than 2^32 chunks are ever held, so a number's distance
/// from the first held chunk's, taken modulo 2^32, is its place in the list whatever the wrap-around.
///
/// Storage is copied on write, so a copy of the arena (the router is a value, copied when a turn may
/// run again) keeps its own bytes: the chunk being filled is the only one written, after a uniqueness
/// check; full chunks are never written again and are shared.
@usableFromInline package struct ByteArena: @unchecked Sendable {
    /// A record's place: its chunk's number (modulo 2^32) in the high half, its offset in the low one.
    @usableFromInline package typealias Position = UInt64

    /// A chunk no longer filled, and how many of its bytes are used.
    @usableFromInline struct Full {
        @usableFromInline let storage: ManagedBuffer<Void, UInt8>
        @usableFromInline let used: Int

        @inlinable init(storage: ManagedBuffer<Void, UInt8>, used: Int) {
            self.storage = storage
            self.used = used
        }
    }

    @inlinable package static var chunkSize: Int { 1 << 16 }

    /// Full chunks, oldest first.
    @usableFromInline var full: [Full] = []
    /// The chunk being filled. Its capacity is kept here, not in its header: reading a class's stored
    /// property costs a dynamic exclusivity check.
    @usableFromInline var tail: ManagedBuffer<Void, UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var _tailCount = 0
    /// The bytes used in `tail`.
    @inlinable package var tailCount: Int { _tailCount }

    /// The number of the first full chunk (of `tail` when there is none), modulo 2^32.
    @usableFromInline var first: UInt32 = 0

    /// An empty arena whose first chunk has room for `capacity` bytes and the number `firstChunk`
    /// (tests start near the wrap-around).
    @inlinable package init(capacity: Int = 64, firstChunk: UInt32 = 0) {
        tail = Self.allocate(capacity)
        self.capacity = capacity
        first = firstChunk
    }

    /// The chunks held, the one being filled included: what the arena's memory follows.
    @inlinable package var chunkCount: Int { full.count + 1 }

    /// Where the next record appended will start if it fits the chunk being filled.
    @inlinable package var end: Position { Self.position(first &+ UInt32(truncatingIfNeeded: full.count), tailCount) }

    /// The bytes from `start` to `end`, both in the same chunk, lent as a view.
    @inlinable package func withBytes<Result>(from start: Position, to end: Position, _ body: (ByteView) -> Result) -> Result {
        precondition(start >> 32 == end >> 32 && start <= end, "a range inside one chunk")
        let chunk = self.chunk(of: start)
        let lower = Int(truncatingIfNeeded: start & 0xFFFF_FFFF)
        let upper = Int(truncatingIfNeeded: end & 0xFFFF_FFFF)
        if chunk == full.count {
            precondition(upper <= tailCount, "arena range out of bounds")
            return Self.withBytes(of: tail, lower..<upper, body)
        }
        precondition(upper <= full[chunk].used, "arena range out of bounds")
        return Self.withBytes(of: full[chunk].storage, lower..<upper, body)
    }

    @inlinable static func withBytes<Result>(of storage: ManagedBuffer<Void, UInt8>, _ range: Range<Int>,
                                          _ body: (ByteView) -> Result) -> Result {
        storage.withUnsafeMutablePointerToElements { elements in
            body(ByteView(UnsafeBufferPointer(start: elements + range.lowerBound, count: range.count)))
        }
    }

    /// The end of the bytes used in the chunk of `position`.
    @inlinable package func chunkEnd(of position: Position) -> Position {
        let chunk = self.chunk(of: position)
        return position & ~0xFFFF_FFFF | UInt64(chunk == full.count ? tailCount : full[chunk].used)
    }

    /// Appends the bytes `body` writes, at most `limit` of them, with one check for room, and returns
    /// where they start. A bound rather than the exact count: a record's varints would otherwise each
    /// be sized before being written. Room is made for the whole bound, so a record may start the next
    /// chunk while it would have fit the rest of this one: a few bytes left unused per chunk.
    @inline(__always)
    @discardableResult
    @inlinable package mutating func append(atMost limit: Int, _ body: (inout ByteCursor) -> Void) -> Position {
        reserve(limit)
        let start = tailCount
        // The pointer outlives the closure that gives it: `tail` is held throughout, and not replaced
        // before `body` returns. Passing `body` through that closure kept it from being inlined.
        let base = UnsafeMutableRawPointer(tail.withUnsafeMutablePointerToElements { $0 } + start)
        var cursor = ByteCursor(base)
        body(&cursor)
        let written = base.distance(to: cursor.position)
        precondition(written >= 0 && written <= limit, "a record wrote more than the bytes it reserved")
        _tailCount += written
        return Self.position(first &+ UInt32(truncatingIfNeeded: full.count), start)
    }

    /// Forgets the bytes from `start` on, which must lie in the chunk being filled: the newest record's.
    @inlinable package mutating func removeSuffix(from start: Position) {
        precondition(chunk(of: start) == full.count, "only the chunk being filled is cut")
        let offset = Int(truncatingIfNeeded: start & 0xFFFF_FFFF)
        precondition(offset <= tailCount, "arena index out of range")
        _tailCount = offset
    }

    /// Frees the full chunks before the chunk of `position`, or every record when `position` is nil.
    @inlinable package mutating func removeChunks(before position: Position?) {
        guard let position else {
            first &+= UInt32(truncatingIfNeeded: full.count)
            full = []
            _tailCount = 0
            return
        }
        let chunk = self.chunk(of: position)
        if chunk > 0 {
            full.removeFirst(chunk)
            first &+= UInt32(truncatingIfNeeded: chunk)
        }
    }

    @inlinable static func position(_ chunk: UInt32, _ offset: Int) -> Position {
        UInt64(chunk) << 32 | UInt64(truncatingIfNeeded: offset)
    }

    /// The place of `position`'s chunk in `full` (`full.count` for the one being filled).
    @inline(__always)
    @inlinable func chunk(of position: Position) -> Int {
        let chunk = Int(UInt32(truncatingIfNeeded: position >> 32) &- first)
        precondition(chunk <= full.count, "a chunk no longer held")
        return chunk
    }

    /// Makes room for `extra` more bytes in a chunk of this arena's own: the first chunk doubles up to
    /// `chunkSize`; after that a record that does not fit starts the next chunk.
    @inline(__always)
    @inlinable mutating func reserve(_ extra: Int) {
        if tailCount + extra > capacity || !isKnownUniquelyReferenced(&tail) {
            makeRoom(extra)
        }
    }

    @inlinable mutating func makeRoom(_ extra: Int) {
        if tailCount + extra <= capacity {
            tail = copy(capacity: capacity)
        } else if capacity < Self.chunkSize && tailCount + extra <= Self.chunkSize {
            capacity = Swift.max(tailCount + extra, Swift.min(capacity * 2, Self.chunkSize))
            tail = copy(capacity: capacity)
        } else if tailCount == 0 {
            // Empty (all pruned, or only just started): reused at the size the record needs.
            capacity = Swift.max(extra, Self.chunkSize)
            tail = Self.allocate(capacity)
        } else {
            full.append(Full(storage: tail, used: tailCount))
            capacity = Swift.max(extra, Self.chunkSize)
            tail = Self.allocate(capacity)
            _tailCount = 0
        }
    }

    /// A new allocation of `capacity` bytes starting with the bytes used in `tail`.
    @inlinable func copy(capacity: Int) -> ManagedBuffer<Void, UInt8> {
        let copied = Self.allocate(capacity)
        let count = tailCount
        tail.withUnsafeMutablePointerToElements { source in
            copied.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).copyMemory(from: source, byteCount: count) }
        }
        return copied
    }

    @inlinable static func allocate(_ capacity: Int) -> ManagedBuffer<Void, UInt8> {
        ManagedBuffer<Void, UInt8>.create(minimumCapacity: capacity) { _ in }
    }

    /// The bytes of the chunk being filled (all of them while the arena has only one): what tests of
    /// the arena and of the tables built on it read to check the layout.
    @inlinable package var tailBytes: [UInt8] {
        withBytes(from: end & ~0xFFFF_FFFF, to: end) { Array($0) }
    }
}
