import EntryKit

/// Recognizing a request's member keys from their bytes.
///
/// Every request has four or five members, and making a `String` of each key and comparing it with
/// the known names one after another (a `switch` on strings) would allocate and compare strings for
/// every key of every request. A key that is plain ASCII (no escape, no byte above 0x7F) is compared
/// as bytes, as its length and at most two words; any other key is decoded and looked up by name,
/// so that `"\u0072eq"` still means `req`. Plain ASCII bytes equal a name exactly when the strings
/// are equal: a name is ASCII, and only non-ASCII text can be canonically equivalent to different
/// text.
extension JSONParser {
    /// Reads the key at the current position (its opening quote), as `parseString` would, and
    /// tells which field it names.
    ///
    /// A key of up to 15 plain bytes with 16 bytes of the line after its quote (every key of a usual
    /// request) is read as two words: the first byte that needs a decision ends the key when it is the
    /// closing quote, and the words, cut to the key's length, are compared with the names' words. Any
    /// other key takes the byte scan, with its errors.
    ///
    /// It returns nil for a key the protocol does not know; `lastKeyText` then makes its text.
    /// Returning the field alone (not an enum that may carry a `String`) keeps the result in a register.
    /// Inlined into the member loop: a call would be a good part of the work of a key. A loop over
    /// many keys passes the `names` it read once, rather than reading the shared table per key.
    @inline(__always)
    mutating func fieldKey(in names: RequestFieldNames = .all) throws(JSONParseError) -> RequestFields.Field? {
        let start = position + 1
        if start + 16 <= bytes.count {
            let low = bytes.loadWord(at: start)
            let lowMarks = Self.stopMarks(low)
            var length = lowMarks.trailingZeroBitCount >> 3
            var high: UInt64 = 0
            if lowMarks == 0 {
                high = bytes.loadWord(at: start + 8)
                length = 8 + Self.stopMarks(high).trailingZeroBitCount >> 3
            }
            if length < 16, bytes[start + length] == ASCII.quote {
                position = start + length + 1
                return Self.field(low: low, high: high, length: length, in: names)
            }
        }
        return try scannedFieldKey(from: start)
    }

    /// `fieldKey` for a key near the end of the line, or long, escaped or not ASCII: the byte scan.
    /// Kept out of line, so that the member loop inlines only the usual key's words.
    @inline(never)
    private mutating func scannedFieldKey(from start: Int) throws(JSONParseError) -> RequestFields.Field? {
        let run = try plainRun(from: start)
        // Escapes and non-ASCII text take the general path.
        guard !run.escaped, run.ascii else { return RequestFields.Field(rawValue: try parseString()) }
        position = run.end + 1
        let key = bytes.extracting(start..<run.end)
        guard key.count < 16 else { return nil }
        return Self.field(low: key.loadPartialWord(at: 0), high: key.loadPartialWord(at: 8), length: key.count, in: .all)
    }

    /// The text of the key read last (its quote is at `keyOffset`), for an unknown key's duplicate
    /// check and error; the key was checked when it was read, so this cannot fail.
    func lastKeyText() -> String {
        Self.validatedString(in: bytes, at: keyOffset)
    }

    /// The field named by the `length` plain ASCII bytes whose first eight are `low` (the first byte
    /// lowest) and whose next ones are `high`; bytes past the key are cut off here, so that the words
    /// are the ones `RequestFieldNames` made of each name.
    @inline(__always)
    static func field(low: UInt64, high: UInt64, length: Int, in names: RequestFieldNames) -> RequestFields.Field? {
        guard length < 16 else { return nil }
        let lowWord = length >= 8 ? low : low & ((1 << (UInt64(length) &* 8)) &- 1)
        let highWord = length <= 8 ? 0 : high & ((1 << (UInt64(length &- 8) &* 8)) &- 1)
        return names.field(low: lowWord, high: highWord)
    }
}
