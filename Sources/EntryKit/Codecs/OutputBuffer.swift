/// Bytes encoded for a connection and not yet written: a growable buffer written through a pointer.
///
/// Not an `[UInt8]`: a message is appended piece by piece (a key, a quote, a value), and
/// `Array.append(contentsOf:)` checks uniqueness and capacity and copies through the generic sequence
/// path for every piece, which adds up over a reply. Here a piece is a capacity check and a copy.
/// The buffer owns its memory, so it cannot be copied; it keeps its capacity when emptied, and
/// allocates nothing until the first byte.
@usableFromInline package struct OutputBuffer: ~Copyable {
    /// Nil while the capacity is zero.
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>?
    @usableFromInline var capacity = 0
    @usableFromInline var _count = 0
    /// The number of bytes written.
    @inlinable package var count: Int { _count }

    @inlinable package init() {}

    deinit { storage?.deallocate() }

    @inlinable package var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes written so far; the pointer is valid only inside `body`.
    @inlinable package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Forgets the bytes, keeping the capacity for the next ones.
    @inlinable package mutating func removeAll() {
        _count = 0
    }

    /// Appends one byte.
    @inlinable package mutating func write(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        storage.unsafelyUnwrapped[count] = byte
        _count += 1
    }

    /// Appends `bytes`.
    @inlinable mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - count < bytes.count { grow(toHold: count + bytes.count) }
        Self.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(storage.unsafelyUnwrapped + count),
                  count: bytes.count)
        _count += bytes.count
    }

    /// Appends the bytes `bytes` views.
    @inline(__always)
    @inlinable package mutating func write(_ bytes: ByteView) {
        write(bytes.buffer)
    }

    /// Copies `count` bytes. Most pieces of a message are short (`,"route":`, `"ok":true`, a state),
    /// and a call to `memmove` for each would cost more than the copy: up to sixteen bytes are copied
    /// as two words that overlap (or byte by byte below four), which stays inside both ranges.
    @inline(__always)
    @inlinable package static func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 8...16:
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            destination.storeBytes(of: first, as: UInt64.self)
            destination.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let first = source.loadUnaligned(as: UInt32.self)
            let last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            destination.storeBytes(of: first, as: UInt32.self)
            destination.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<count {
                destination.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        default:
            destination.copyMemory(from: source, byteCount: count)
        }
    }

    /// One capacity check for the quotes and the whole string, then the plain prefix is copied
    /// eight bytes at a time while no byte of a word needs an escape.
    @inlinable mutating func writeQuotedPlainPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let length = utf8.count
        if capacity - count < length + 2 { grow(toHold: count + length + 2) }
        let destination = storage.unsafelyUnwrapped + count
        destination[0] = ASCII.quote
        let plain = JSONEscaping.copyPlainPrefix(utf8, to: destination + 1)
        if plain == length {
            destination[length + 1] = ASCII.quote
            _count += length + 2
        } else {
            _count += plain + 1
        }
        return plain
    }

    /// `writeQuotedPlainPrefix` of the bytes `utf8` views.
    @inline(__always)
    @inlinable package mutating func writeQuotedPlainPrefix(_ utf8: ByteView) -> Int {
        writeQuotedPlainPrefix(utf8.buffer)
    }

    /// Makes room for `additional` more bytes. The `…Reserved` writes that follow check no capacity:
    /// a message whose size is bounded up front (a push's reply) pays for one check, not one a piece.
    @inlinable package mutating func reserve(_ additional: Int) {
        if capacity - count < additional { grow(toHold: count + additional) }
    }

    /// Appends `bytes` into room made by `reserve`.
    @inline(__always)
    @inlinable mutating func writeReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(capacity - count >= bytes.count, "write past the reserved room")
        guard let source = bytes.baseAddress else { return }
        Self.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(storage.unsafelyUnwrapped + count), count: bytes.count)
        _count += bytes.count
    }

    /// Appends the bytes `bytes` views into room made by `reserve`.
    @inline(__always)
    @inlinable package mutating func writeReserved(_ bytes: ByteView) {
        writeReserved(bytes.buffer)
    }

    /// Appends text known when the program was built into room made by `reserve`.
    @inline(__always)
    @inlinable package mutating func writeReserved(_ text: StaticString) {
        writeReserved(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte into room made by `reserve`.
    @inline(__always)
    @inlinable package mutating func writeReserved(_ byte: UInt8) {
        assert(capacity > count, "write past the reserved room")
        storage.unsafelyUnwrapped[count] = byte
        _count += 1
    }

    /// Appends the longest prefix of `utf8` that JSON writes as it is, with no quotes, into room made
    /// by `reserve` for all of `utf8`; returns the prefix's length.
    @inline(__always)
    @inlinable mutating func writeReservedPlainPrefix(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        assert(capacity - count >= utf8.count, "write past the reserved room")
        let plain = JSONEscaping.copyPlainPrefix(utf8, to: storage.unsafelyUnwrapped + count)
        _count += plain
        return plain
    }

    /// `writeReservedPlainPrefix` of the bytes `utf8` views.
    @inline(__always)
    @inlinable package mutating func writeReservedPlainPrefix(_ utf8: ByteView) -> Int {
        writeReservedPlainPrefix(utf8.buffer)
    }

    /// Appends `value` in decimal into room made by `reserve` for twenty bytes. Its digits are counted
    /// by comparing with powers of ten, then stored right to left in place two at a time from
    /// `digitPairs`: one division by a hundred per pair of digits rather than one by ten per digit.
    @inlinable package mutating func writeReservedInteger(_ value: Int64) {
        assert(capacity - count >= 20, "write past the reserved room")
        let destination = storage.unsafelyUnwrapped
        if value < 0 {
            destination[count] = ASCII.minus
            _count += 1
        }
        var magnitude = value.magnitude
        let digits = Self.digitCount(magnitude)
        var index = count + digits
        _count = index
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100)
            magnitude /= 100
            index -= 2
            UnsafeMutableRawPointer(destination + index)
                .storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self), as: UInt16.self)
        }
        if magnitude >= 10 {
            UnsafeMutableRawPointer(destination + index - 2)
                .storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 * Int(magnitude), as: UInt16.self), as: UInt16.self)
        } else {
            destination[index - 1] = ASCII.zero + UInt8(truncatingIfNeeded: magnitude)
        }
    }

    /// How many decimal digits `value` has (one for zero). A `req` nearly always has four or fewer,
    /// told apart by two comparisons with no loop; only longer values multiply a power of ten per
    /// digit.
    @inline(__always)
    @inlinable package static func digitCount(_ value: UInt64) -> Int {
        if value < 100 { return value < 10 ? 1 : 2 }
        if value < 10_000 { return value < 1_000 ? 3 : 4 }
        var digits = 5
        var power: UInt64 = 100_000
        while digits < 20, value >= power {
            digits += 1
            power &*= 10
        }
        return digits
    }

    /// The two digits of every number below a hundred, in order: `00`, `01`, … `99`. A static string
    /// is a constant in the binary, read with no lazy initialisation.
    @inlinable static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

    /// At least doubles, so that a run of writes costs amortized constant time per byte.
    @inlinable mutating func grow(toHold minimum: Int) {
        let newCapacity = max(minimum, capacity * 2, 256)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let storage {
            grown.initialize(from: storage, count: count)
            storage.deallocate()
        }
        storage = grown
        capacity = newCapacity
    }
}
