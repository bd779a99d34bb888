/// Bytes appended at the end and cut from the front: the dedupe window's keys and notes.
///
/// An array of bytes would do, but appending a few bytes to one costs about a hundred instructions
/// (capacity, uniqueness and a generic copy per call), and the window appends half a dozen small pieces
/// per arrival. Here an append is a capacity check and a copy. Storage is copied on write, so a copy of
/// the arena (the router is a value, copied when a turn may run again) keeps its own bytes.
struct ByteArena: @unchecked Sendable, RandomAccessCollection {
    /// The allocation, shared between copies until one writes, so it is never mutated while another
    /// arena refers to it. Its capacity is kept here, not in its header: reading a class's stored
    /// property costs a dynamic exclusivity check.
    private var storage: ManagedBuffer<Void, UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        storage = Self.allocate(capacity)
        self.capacity = capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "arena index out of range")
        return storage.withUnsafeMutablePointerToElements { $0[position] }
    }

    /// The bytes in `range`, which must lie inside the arena.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "arena range out of bounds")
        return storage.withUnsafeMutablePointerToElements { elements in
            body(UnsafeRawBufferPointer(start: elements + range.lowerBound, count: range.count))
        }
    }

    /// Appends the `count` bytes `body` writes, with one check for room. `body` must write exactly
    /// `count` bytes.
    @inline(__always)
    mutating func append(exactly count: Int, _ body: (inout ByteCursor) -> Void) {
        reserve(count)
        let start = self.count
        storage.withUnsafeMutablePointerToElements { elements in
            var cursor = ByteCursor(UnsafeMutableRawPointer(elements + start))
            body(&cursor)
            precondition(cursor.position == UnsafeMutableRawPointer(elements + start + count),
                         "a record wrote other than the bytes it reserved")
        }
        self.count += count
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(exactly: bytes.count) { $0.write(bytes) }
    }

    /// Forgets the bytes from `start` on.
    mutating func removeSuffix(from start: Int) {
        precondition(start >= 0 && start <= count, "arena index out of range")
        count = start
    }

    /// Forgets the first `cut` bytes: the rest move to a new allocation sized for them, so memory
    /// follows what is kept.
    mutating func removePrefix(_ cut: Int) {
        precondition(cut >= 0 && cut <= count, "arena index out of range")
        let kept = count - cut
        let keptCapacity = Swift.max(64, kept + kept / 2)
        storage = copy(cut..<count, capacity: keptCapacity)
        capacity = keptCapacity
        count = kept
    }

    /// Makes room for `extra` more bytes in storage of this arena's own, doubling as it grows.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity || !isKnownUniquelyReferenced(&storage) {
            reallocate(atLeast: count + extra)
        }
    }

    private mutating func reallocate(atLeast minimum: Int) {
        let grownCapacity = minimum > capacity ? Swift.max(minimum, capacity * 2) : capacity
        storage = copy(0..<count, capacity: grownCapacity)
        capacity = grownCapacity
    }

    /// A new allocation of `capacity` bytes starting with the bytes in `range`.
    private func copy(_ range: Range<Int>, capacity: Int) -> ManagedBuffer<Void, UInt8> {
        let copied = Self.allocate(capacity)
        withBytes(in: range) { bytes in
            guard let source = bytes.baseAddress else { return }
            copied.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).copyMemory(from: source, byteCount: bytes.count) }
        }
        return copied
    }

    private static func allocate(_ capacity: Int) -> ManagedBuffer<Void, UInt8> {
        ManagedBuffer<Void, UInt8>.create(minimumCapacity: capacity) { _ in }
    }
}
