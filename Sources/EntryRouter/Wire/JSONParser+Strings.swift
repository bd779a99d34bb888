import EntryKit

/// Strings: the plain run up to a quote or backslash, escapes, and UTF-8 validation. The parser and
/// the payload scan both read strings through these, so they accept and refuse the same text.
extension JSONParser {
    /// Parses a string at the opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position + 1
        let run = try Self.plainRun(in: bytes, from: start)
        if run.escaped {
            position = start
            return try parseEscapedString(from: start, firstEscape: run.end)
        }
        position = run.end + 1
        // Checked as UTF-8 by the run: made in place (`validUTF8String`) rather than decoded again,
        // work a request would do for each of `id` and `collapseId`.
        return bytes.extracting(start..<run.end).validUTF8String
    }

    /// The part of a string from `start` (just past its opening quote) up to its closing quote or its
    /// first backslash, checked: no control characters, well-formed UTF-8. `escaped` tells which of
    /// the two ended it; `ascii` whether every byte before it was ASCII. Both the parser and the
    /// payload scan read strings through it, so they accept and refuse exactly the same text.
    ///
    /// Every string byte of every line passes here, so plain ASCII is skipped eight bytes at a time
    /// (`stopMarks`); a byte that needs a decision (a quote, a backslash, a control character, the
    /// start of a multi-byte sequence) is then looked at on its own.
    @inline(__always)
    func plainRun(from start: Int) throws(JSONParseError) -> (end: Int, escaped: Bool, ascii: Bool) {
        try Self.plainRun(in: bytes, from: start)
    }

    /// `plainRun(from:)` over `bytes` alone. Static, so that a caller in a mutating method passes the
    /// buffer's two words instead of a copy of the whole parser (seven words spilled to the stack for
    /// every string the payload scan reads).
    @inline(__always)
    static func plainRun(in bytes: ByteView, from start: Int) throws(JSONParseError)
        -> (end: Int, escaped: Bool, ascii: Bool) {
        var i = start
        var ascii = true
        while true {
            while i + 8 <= bytes.count {
                let marks = Self.stopMarks(bytes.loadWord(at: i))
                if marks != 0 {
                    i += marks.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < bytes.count else { throw JSONParseError(offset: i, reason: "expected '\"' to close the string") }
            let byte = bytes[i]
            if byte == ASCII.quote { return (i, false, ascii) }
            if byte == ASCII.backslash { return (i, true, ascii) }
            if byte < 0x20 { throw JSONParseError(offset: i, reason: "control character in a string (escape it as \\u00XX)") }
            if byte < 0x80 {
                i += 1
            } else {
                ascii = false
                i = try skipUTF8Sequence(in: bytes, at: i)
            }
        }
    }

    /// Marks the high bit of each byte of `word` (little-endian: the first byte lowest) that is a
    /// quote, a backslash, below 0x20 or above 0x7F. Each test is the classic "has a zero byte":
    /// a mark may be wrong only above a right one (a borrow carries upwards), so the lowest mark is
    /// always the first such byte, and that is the only one used.
    @inline(__always)
    static func stopMarks(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl | word) & highBits
    }

    /// The slow path for strings with escapes: decode into `scratch`, then make the String once.
    private mutating func parseEscapedString(from start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        try decodeEscapedString(from: start, firstEscape: firstEscape)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Decodes a string with escapes into `scratch` and moves past its closing quote.
    mutating func decodeEscapedString(from start: Int, firstEscape: Int) throws(JSONParseError) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes.extracting(start..<firstEscape))
        var i = firstEscape
        while i < bytes.count {
            let byte = bytes[i]
            if byte == ASCII.quote {
                position = i + 1
                return
            }
            if byte == ASCII.backslash {
                i = try decodeEscape(at: i)
            } else if byte < 0x20 {
                throw failure(i, "control character in a string (escape it as \\u00XX)")
            } else if byte < 0x80 {
                scratch.append(byte)
                i += 1
            } else {
                let end = try Self.skipUTF8Sequence(in: bytes, at: i)
                scratch.append(contentsOf: bytes.extracting(i..<end))
                i = end
            }
        }
        throw failure(i, "expected '\"' to close the string")
    }

    /// Decodes the escape at `at` (a backslash) into `scratch`; returns the offset after it.
    private mutating func decodeEscape(at start: Int) throws(JSONParseError) -> Int {
        let i = start + 1
        guard i < bytes.count else { throw failure(i, "expected an escape character after '\\'") }
        let simple: UInt8
        switch bytes[i] {
        case ASCII.quote: simple = ASCII.quote
        case ASCII.backslash: simple = ASCII.backslash
        case ASCII.slash: simple = ASCII.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = ASCII.newline
        case UInt8(ascii: "r"): simple = ASCII.carriageReturn
        case UInt8(ascii: "t"): simple = ASCII.tab
        case UInt8(ascii: "u"): return try decodeUnicodeEscape(at: start)
        default: throw failure(i, "expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        scratch.append(simple)
        return i + 1
    }

    /// Decodes `\uXXXX` (and the low half of a surrogate pair after it) into `scratch`.
    private mutating func decodeUnicodeEscape(at start: Int) throws(JSONParseError) -> Int {
        var unit = try hexQuad(at: start + 2)
        var end = start + 6
        if unit >= 0xDC00, unit <= 0xDFFF { throw failure(start, "lone low surrogate \\u\(hex(unit))") }
        if unit >= 0xD800, unit <= 0xDBFF {
            guard end + 1 < bytes.count, bytes[end] == ASCII.backslash, bytes[end + 1] == UInt8(ascii: "u") else {
                throw failure(start, "high surrogate \\u\(hex(unit)) must be followed by a \\u low surrogate")
            }
            let low = try hexQuad(at: end + 2)
            guard low >= 0xDC00, low <= 0xDFFF else {
                throw failure(end, "expected a low surrogate (\\uDC00-\\uDFFF) after \\u\(hex(unit))")
            }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        }
        // Every value here is a valid scalar: surrogates were combined or refused above.
        for byte in Unicode.UTF8.encode(Unicode.Scalar(unit)!)! { scratch.append(byte) }
        return end
    }

    private func hexQuad(at start: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for i in start..<start + 4 {
            guard i < bytes.count else { throw failure(i, "expected 4 hex digits after \\u") }
            let byte = bytes[i]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(i, "expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func hex(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Validates the multi-byte UTF-8 sequence starting at `start` (Unicode Table 3-7: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF); returns the offset after it.
    static func skipUTF8Sequence(in bytes: ByteView, at start: Int) throws(JSONParseError) -> Int {
        let lead = bytes[start]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw JSONParseError(offset: start, reason: "invalid UTF-8")
        }
        for k in 1..<length {
            let i = start + k
            guard i < bytes.count else { throw JSONParseError(offset: start, reason: "invalid UTF-8 (truncated sequence)") }
            let byte = bytes[i]
            guard byte >= low, byte <= high else { throw JSONParseError(offset: start, reason: "invalid UTF-8") }
            low = 0x80
            high = 0xBF
        }
        return start + length
    }
}
