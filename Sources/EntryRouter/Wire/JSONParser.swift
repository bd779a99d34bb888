import EntryKit

/// A strict RFC 8259 parser over a borrowed byte buffer.
///
/// Strict means: one value with optional surrounding whitespace, no trailing commas, no comments,
/// UTF-8 validated inside strings (outside them only ASCII is valid anyway), no lone surrogates in
/// `\u` escapes (a Swift `String` cannot hold them), no duplicate keys in an object (RFC 8259 leaves
/// their meaning open; a payload whose `type` means two things is refused rather than guessed), no
/// number that overflows a `Double`, and at most `maxDepth` nested arrays and objects, so that a
/// hostile line cannot exhaust the stack.
///
/// Besides whole values it offers a member-by-member cursor (`openObject`, `nextKey`) so that request
/// decoding reads the top-level object straight into its fields and learns the byte span of a member
/// (the push payload's size as received) without building a dictionary first. A push payload is
/// scanned instead of parsed (`scanPayload`, in `JSONParser+Scanning.swift`): checked as strictly,
/// and kept as text with an index of its members.
///
/// The parser borrows `bytes`: create and use it inside the closure that lent the view (`withBufferView`)
/// and never let it escape that closure.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (the top-level object is depth 1).
    static let maxDepth = 64

    let bytes: ByteView
    /// The offset of the next unread byte.
    var position = 0
    /// The offset of the key `nextKey` returned last, for errors about that member.
    private(set) var keyOffset = 0
    var depth = 0
    /// Reused buffer for strings with escapes; plain strings are made straight from `bytes`. Only the
    /// string decoding (`JSONParser+Strings.swift`) writes it.
    var scratch: [UInt8] = []
    /// Members of the objects being parsed, innermost last (see `parseObject`).
    private var pendingMembers: [PendingMember] = []

    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    /// Parses the whole buffer as one JSON value.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        try expectEnd()
        return value
    }

    /// Requires that only whitespace is left.
    mutating func expectEnd() throws(JSONParseError) {
        skipWhitespace()
        if position < bytes.count { throw failure(position, "expected end of input after the value") }
    }

    /// The next byte after whitespace, without consuming it; nil at the end of the input.
    ///
    /// Called before every token, and the next byte is rarely whitespace in a request line: the
    /// usual case is one load and one comparison, inlined (a whitespace byte is never above a space),
    /// and only whitespace takes the loop.
    @inline(__always)
    mutating func peekSignificant() -> UInt8? {
        if position < bytes.count {
            let byte = bytes[position]
            if byte > ASCII.space { return byte }
        }
        skipWhitespaceRun()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Skips whitespace; like `peekSignificant`, inlined for the usual case of none.
    @inline(__always)
    mutating func skipWhitespace() {
        if position < bytes.count, bytes[position] > ASCII.space { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.space, ASCII.newline, ASCII.carriageReturn, ASCII.tab: position += 1
            default: return
            }
        }
    }

    /// Parses one value at the current position (leading whitespace skipped, trailing left alone,
    /// so that `position` afterwards is the end of the value's text).
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peekSignificant() else { throw failure(position, "expected a value") }
        switch byte {
        case ASCII.openBrace: return try parseObject()
        case ASCII.openBracket: return try parseArray()
        case ASCII.quote: return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case ASCII.minus, ASCII.zero...ASCII.nine: return try parseNumberValue()
        default: throw failure(position, "expected a value")
        }
    }

    // MARK: Objects

    /// Consumes the `{` that opens an object; then call `nextKey` until it returns nil.
    mutating func openObject() throws(JSONParseError) {
        guard peekSignificant() == ASCII.openBrace else { throw failure(position, "expected an object") }
        try enterContainer()
        position += 1
    }

    /// Reads the next member's key and the `:` after it, leaving the value to be read next; returns
    /// nil after consuming the object's closing `}`. `first` is true for the first call per object.
    mutating func nextKey(first: Bool) throws(JSONParseError) -> String? {
        guard try nextMember(first: first) else { return nil }
        let key = try parseString()
        try expectColon()
        return key
    }

    /// Moves to the next member's key (past the `,` before it) and records the key's offset; returns
    /// false after consuming the object's closing `}` instead. Inlined, as `expectColon`: both run
    /// for every member of every object, and a call would cost about as much as the work.
    @inline(__always)
    mutating func nextMember(first: Bool) throws(JSONParseError) -> Bool {
        guard let byte = peekSignificant() else {
            throw failure(position, first ? "expected a string key or '}'" : "expected ',' or '}' after an object member")
        }
        if byte == ASCII.closeBrace {
            position += 1
            depth -= 1
            return false
        }
        if !first {
            guard byte == ASCII.comma else { throw failure(position, "expected ',' or '}' after an object member") }
            position += 1
        }
        guard peekSignificant() == ASCII.quote else {
            throw failure(position, first ? "expected a string key or '}'" : "expected a string key")
        }
        keyOffset = position
        return true
    }

    /// Consumes the `:` after an object key.
    @inline(__always)
    mutating func expectColon() throws(JSONParseError) {
        guard peekSignificant() == ASCII.colon else { throw failure(position, "expected ':' after an object key") }
        position += 1
    }

    /// The error for a key that occurred before in the same object.
    func duplicateKey(_ key: String) -> JSONParseError {
        failure(keyOffset, "duplicate key \"\(key)\"")
    }

    /// Members wait on `pendingMembers` (a stack shared by nested objects) until the object is
    /// complete, so that its dictionary is allocated once at its final size instead of growing and
    /// rehashing member by member.
    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try openObject()
        let base = pendingMembers.count
        var first = true
        while let key = try nextKey(first: first) {
            first = false
            let offset = keyOffset
            pendingMembers.append(PendingMember(key: key, value: try parseValue(), offset: offset))
        }
        var members: [String: JSONValue] = Dictionary(minimumCapacity: pendingMembers.count - base)
        for member in pendingMembers[base...] where members.updateValue(member.value, forKey: member.key) != nil {
            throw failure(member.offset, "duplicate key \"\(member.key)\"")
        }
        pendingMembers.removeSubrange(base...)
        return .object(members)
    }

    private struct PendingMember {
        var key: String
        var value: JSONValue
        var offset: Int
    }

    // MARK: Arrays

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        var elements: [JSONValue] = []
        guard try openArray() else { return .array(elements) }
        repeat {
            elements.append(try parseValue())
        } while try arrayContinues()
        return .array(elements)
    }

    /// Enters the array at its `[`; false when it is empty (its `]` is then consumed too).
    mutating func openArray() throws(JSONParseError) -> Bool {
        try enterContainer()
        position += 1
        guard peekSignificant() == ASCII.closeBracket else { return true }
        position += 1
        depth -= 1
        return false
    }

    /// After an array element: true past the `,` before the next one, false past the closing `]`.
    mutating func arrayContinues() throws(JSONParseError) -> Bool {
        switch peekSignificant() {
        case ASCII.comma:
            position += 1
            return true
        case ASCII.closeBracket:
            position += 1
            depth -= 1
            return false
        default:
            throw failure(position, "expected ',' or ']' after an array element")
        }
    }

    /// Inlined: it runs for every object and array, and a call would cost more than the check.
    @inline(__always)
    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw failure(position, "nesting deeper than \(Self.maxDepth) levels") }
    }

    // MARK: Literals and numbers

    mutating func parseLiteral(_ word: StaticString) throws(JSONParseError) {
        let expected = ByteView(word)
        let count = expected.count
        for i in 0..<count {
            guard position + i < bytes.count, bytes[position + i] == expected[i] else {
                throw failure(position, "expected a value (\"\(word)\"?)")
            }
        }
        position += count
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        var i = position
        let negative = bytes[i] == ASCII.minus
        if negative { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw failure(i, "expected a digit") }
        // The integer part's value is gathered while its digits are checked; it is used only when it
        // is exact (see below), so wrapping on a longer run does no harm.
        var magnitude: Int64 = 0
        if bytes[i] == ASCII.zero {
            i += 1
        } else {
            while i < bytes.count, isDigit(bytes[i]) {
                magnitude = magnitude &* 10 &+ Int64(bytes[i] &- ASCII.zero)
                i += 1
            }
        }
        let integerEnd = i
        if i < bytes.count, bytes[i] == ASCII.dot {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw failure(i, "expected a digit after '.'") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == ASCII.lowerE || bytes[i] == ASCII.upperE {
            i += 1
            if i < bytes.count, bytes[i] == ASCII.plus || bytes[i] == ASCII.minus { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw failure(i, "expected a digit in the exponent") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        position = i
        let digitsStart = negative ? start + 1 : start
        // Up to 15 digits fit a Double exactly: the common case (ids, counts, epoch seconds) needs
        // neither a String nor the decimal conversion routine.
        if integerEnd == i, i - digitsStart <= 15 {
            let value = Double(magnitude)
            return negative ? -value : value
        }
        let text = bytes.extracting(start..<i).string
        guard let value = Double(text), value.isFinite else { throw failure(start, "number out of range") }
        return value
    }

    /// A number as a value: `parseNumber`'s `Double`, or its exact digits when it is a large integer.
    mutating func parseNumberValue() throws(JSONParseError) -> JSONValue {
        let start = position
        let value = try parseNumber()
        return .number(value, text: bytes.extracting(start..<position))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= ASCII.zero && byte <= ASCII.nine }

    func failure(_ offset: Int, _ reason: String) -> JSONParseError {
        JSONParseError(offset: offset, reason: reason)
    }
}

extension JSONValue {
    /// Parses one JSON value (RFC 8259, strictly: see `JSONParser`) from `bytes`, for example a
    /// frame from `FrameDecoder` or a reply line a client received. Error offsets count from the
    /// slice's first byte.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        try bytes.withBufferView { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(buffer)
            return try parser.parseDocument()
        }
    }
}
