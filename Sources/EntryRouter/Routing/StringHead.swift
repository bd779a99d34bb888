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

    private init(length: Int32, word: UInt64) {
        self.length = length
        self.word = word
    }

    /// The head of the plain string `bytes[range]`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var word: UInt64 = 0
        for (shift, position) in range.prefix(Self.width).enumerated() {
            word |= UInt64(bytes[position]) << (8 * shift)
        }
        self.init(length: Int32(range.count), word: word)
    }
}
