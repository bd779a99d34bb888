/// Bytes appended at the end and cut from the front: the dedupe window's keys and notes.
///
/// An array of bytes would do, but appending a few bytes to one costs about a hundred instructions
/// (capacity, uniqueness and a generic copy per call), and the window appends half a dozen small pieces
/// per arrival. Here an append is a capacity check and a copy. Storage is copied on write, so a copy of
/// the arena (the router is a value, copied when a turn may run again) keeps its own bytes.
struct ByteArena: @unchecked Sendable, RandomAccessCollection {
    /// The allocation; its header is its capacity in bytes. Shared between copies until one writes, so
    /// it is never mutated while another arena refers to it.
    private var storage: ManagedBuffer<Int, UInt8>
    private(set) var count = 0

    init(capacity: Int = 64) {
        storage = Self.allocate(capacity)
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
        return storage.withUnsafeMutablePointerToElements { body(UnsafeRawBufferPointer(start: $0 + range.lowerBound,
                                                                                        count: range.count)) }
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage.withUnsafeMutablePointerToElements { $0[count] = byte }
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        storage.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + count).copyMemory(from: source,
                                                                                                    byteCount: bytes.count) }
        count += bytes.count
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
        let moved = Self.allocate(Swift.max(64, kept + kept / 2))
        if kept > 0 {
            withBytes(in: cut..<count) { bytes in
                moved.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).copyMemory(from: bytes.baseAddress!,
                                                                                                  byteCount: kept) }
            }
        }
        storage = moved
        count = kept
    }

    /// Makes room for `extra` more bytes in storage of this arena's own, doubling as it grows.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > storage.header || !isKnownUniquelyReferenced(&storage) {
            reallocate(atLeast: count + extra)
        }
    }

    private mutating func reallocate(atLeast minimum: Int) {
        let grown = Self.allocate(minimum > storage.header ? Swift.max(minimum, storage.header * 2) : storage.header)
        if count > 0 {
            withBytes(in: 0..<count) { bytes in
                grown.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).copyMemory(from: bytes.baseAddress!,
                                                                                                  byteCount: count) }
            }
        }
        storage = grown
    }

    private static func allocate(_ capacity: Int) -> ManagedBuffer<Int, UInt8> {
        ManagedBuffer<Int, UInt8>.create(minimumCapacity: capacity) { _ in capacity }
    }
}
