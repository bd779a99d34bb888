import EntryKit

/// A string's length and its first eight bytes in one word: what tells a push selector's string from
/// another route's in two comparisons (`PushRoutes`).
///
/// Only plain strings (ASCII without escapes) have a head of their bytes: for them, equal bytes are
/// equal text. A payload string with escapes or non-ASCII text is `escaped`, and compares as text.
struct StringHead: Equatable, Sendable {
    /// The byte count; `notString` and `escapedString` for the two kinds of value without a head.
    let length: Int32
    /// The first `width` bytes (fewer in a shorter string), little-endian, the rest zero.
    let word: UInt64

    /// How many bytes the word holds.
    static let width = 8
    private static let notString: Int32 = -1
    private static let escapedString: Int32 = -2

    /// A value that is no string (or no value: a test of anything but a string).
    static let none = StringHead(length: notString, word: 0)
    /// A string with escapes or non-ASCII text.
    static let escaped = StringHead(length: escapedString, word: 0)

    var isEscaped: Bool { length == Self.escapedString }

    /// A slot of a table of `1 << bits` slots (`bits` from 1 to 62), from the word and the length
    /// mixed by one multiplication whose top bits are taken (Fibonacci hashing): heads that differ
    /// in any byte or in length spread over the table.
    @inline(__always)
    func bucket(_ bits: Int) -> Int {
        let mixed = (word ^ UInt64(UInt32(bitPattern: length))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed &>> UInt64(64 &- bits))
    }

    private init(length: Int32, word: UInt64) {
        self.length = length
        self.word = word
    }

    /// The head of the plain string `bytes[range]`. A string of at least `width` bytes has its word
    /// read in one load; a shorter one byte by byte, so that nothing past the range is read.
    init(_ bytes: ByteView, _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a string head's range lies in its bytes")
        var word: UInt64 = 0
        if range.count >= Self.width {
            word = bytes.loadWord(at: range.lowerBound)
        } else {
            var shift: UInt64 = 0
            for position in range {
                word |= UInt64(bytes[position]) << shift
                shift += 8
            }
        }
        self.init(length: Int32(range.count), word: word)
    }
}
