import EntryKit

/// The usual push line, decoded in one pass.
///
/// Almost every line the daemon reads is a push of one shape: `op`, `req`, `id`, `collapseId`,
/// maybe `expiration`, and an object `payload`, with plain strings and whole numbers. The general
/// decoder reads any line into a slot per known field (twenty of them), then checks the slots
/// against the op and makes its values, for a push as much work again as the JSON itself.
/// This path reads the push's own members straight into the request it returns.
///
/// It decides nothing on its own: anything it does not expect (another op, an unknown or repeated
/// member, an escaped or empty string, a fraction, a syntax error, a payload that is not an object)
/// makes it return nil, and the line is decoded from the start by the general path, which gives
/// the result or the error it always gave. What it accepts, it decodes exactly as the general path
/// would (`RequestDecodingPushTests` checks both on the same lines).
extension Request {
    /// The push on `bytes` when it has the usual shape; nil for any other line.
    static func usualPush(_ bytes: ByteView) -> Request? {
        var parser = JSONParser(bytes)
        do throws(JSONParseError) {
            return try parser.usualPush()
        } catch {
            return nil
        }
    }
}

extension JSONParser {
    /// Reads the line as the usual push; nil (or a thrown error, treated alike) hands it back.
    fileprivate mutating func usualPush() throws(JSONParseError) -> Request? {
        guard peekSignificant() == ASCII.openBrace else { return nil }
        var seen = PushMembers()
        var isPush = false
        var req: RequestTag?
        var payload: PushPayload?
        var id: String?
        var collapseId: String?
        var expiration: Int64?
        var first = true
        // Senders write `op` first: its member is compared as one run of bytes, without reading a
        // key and a string. The comma after it is left for the member loop.
        let opening: StaticString = "{\"op\":\"push\""
        if bytes.count > opening.utf8CodeUnitCount,
           bytes.extracting(0..<opening.utf8CodeUnitCount).holds(opening) {
            position = opening.utf8CodeUnitCount
            depth = 1
            _ = seen.insert(.op)
            isPush = true
            first = false
        } else {
            try openObject()
        }
        let names = RequestFieldNames.all
        while try nextMember(first: first) {
            first = false
            guard let field = try fieldKey(in: names), seen.insert(field) else { return nil }
            try expectColon()
            switch field {
            case .op:
                guard let name = try plainString(), name.holds("push") else { return nil }
                isPush = true
            case .req:
                guard let value = try reqValue() else { return nil }
                req = value
            case .id:
                guard let text = try nonEmptyPlainString() else { return nil }
                id = text
            case .collapseId:
                guard let text = try nonEmptyPlainString() else { return nil }
                collapseId = text
            case .expiration:
                guard let seconds = try wholeNumber(), seconds >= 0 else { return nil }
                expiration = seconds
            case .payload:
                let scanned = try scanPayload()
                guard scanned.isObject else { return nil }
                payload = scanned
            default:
                return nil
            }
        }
        try expectEnd()
        guard isPush, let payload else { return nil }
        return Request(req: req, op: .push(PushRequest(payload: payload, payloadBytes: payload.text.count, id: id,
                                                       collapseId: collapseId, expiration: expiration)))
    }

    /// A plain string's bytes inside its quotes (see `MemberValue.plain`); nil for any other value.
    /// Inlined, as the helpers below: a push reads three plain strings and a `req`, and each call
    /// would spill the parser's state around work of about the same size.
    @inline(__always)
    private mutating func plainString() throws(JSONParseError) -> ByteView? {
        guard peekSignificant() == ASCII.quote else { return nil }
        let start = position + 1
        guard try scanString() else { return nil }
        return bytes.extracting(start..<position - 1)
    }

    /// A plain string is ASCII: a short one (every usual `id` and `collapseId`) is written as a
    /// small string, without the standard library's checks (`ShortASCII`).
    @inline(__always)
    private mutating func nonEmptyPlainString() throws(JSONParseError) -> String? {
        guard let text = try plainString(), !text.isEmpty else { return nil }
        return ShortASCII.string(text)
    }

    /// `req` as the general path keeps it (its text, `RequestTag`), when it is a number or a plain
    /// string of at most `RequestTag.maxBytes`. The usual `req`, a short whole number, is skipped
    /// here (`shortWholeNumber`); any other number takes `parseNumber`, which checks it.
    @inline(__always)
    private mutating func reqValue() throws(JSONParseError) -> RequestTag? {
        let start: Int
        switch peekSignificant() {
        case ASCII.quote:
            start = position
            guard try plainString() != nil else { return nil }
        case (UInt8(ascii: "1")...ASCII.nine)?:
            start = position
            if let end = Self.shortWholeNumber(in: bytes, from: position) {
                position = end
            } else {
                _ = try parseNumber()
            }
        case ASCII.minus?, ASCII.zero?:
            start = position
            _ = try parseNumber()
        default:
            return nil
        }
        guard position - start <= RequestTag.maxBytes else { return nil }
        return RequestTag(text: ShortASCII.string(bytes.extracting(start..<position)))
    }

    /// The offset just past the number whose first digit (not a zero) is at `start`, when it is at
    /// most 15 digits with no fraction or exponent after them (so valid as it stands); nil for any
    /// other number, which `parseNumber` reads and checks.
    @inline(__always)
    private static func shortWholeNumber(in bytes: ByteView, from start: Int) -> Int? {
        var i = start
        while i < bytes.count, bytes[i] &- ASCII.zero < 10 { i += 1 }
        guard i - start <= 15 else { return nil }
        if i < bytes.count, bytes[i] == ASCII.dot || bytes[i] == ASCII.lowerE || bytes[i] == ASCII.upperE { return nil }
        return i
    }

    /// A number that is a whole number as `MemberValue.integer` reads one; nil for any other value.
    private mutating func wholeNumber() throws(JSONParseError) -> Int64? {
        guard let byte = peekSignificant(), byte == ASCII.minus || (ASCII.zero...ASCII.nine).contains(byte) else {
            return nil
        }
        return MemberValue.integer(try parseNumber())
    }
}

/// The members of a push read so far, one bit each, so that a repeated one hands the line back
/// (the general path reports it as a duplicate key).
private struct PushMembers {
    private var bits: UInt8 = 0

    /// Marks `field`; false when it was marked before, or is not a push's member.
    mutating func insert(_ field: RequestFields.Field) -> Bool {
        let bit: UInt8
        switch field {
        case .op: bit = 1
        case .req: bit = 2
        case .id: bit = 4
        case .collapseId: bit = 8
        case .expiration: bit = 16
        case .payload: bit = 32
        default: return false
        }
        guard bits & bit == 0 else { return false }
        bits |= bit
        return true
    }
}
