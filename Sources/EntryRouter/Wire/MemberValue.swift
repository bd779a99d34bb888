import EntryKit

/// A request member's value as read: checked, and located in the line, but not yet made into a
/// `String` or a `JSONValue`.
///
/// A push line has four or five members, and building a value for each as it is read (a `String`
/// for `op`, a `JSONValue` for `req`) would allocate and copy, on every line, text that is then
/// compared once or dropped. Only what the operation takes is built, once, from these spans:
/// `op` is compared as bytes, and `id` and `collapseId` become the `String`s the router keeps.
///
/// The stored properties are declared widest first: that packs a value into 18 bytes and lets an
/// optional one use the spare values of `kind` (24 bytes a slot instead of 32), which a request's
/// eighteen optional slots are made, read and copied in.
struct MemberValue {
    /// For a number: its value, read while checking it.
    var number = 0.0
    /// The value's text in the line: from its first byte (a string's opening quote) to just past its
    /// last (a string's closing quote). Offsets fit 32 bits as the payload index's do (`PushPayload.Member`).
    var start: Int32
    var end: Int32
    var kind: PushPayload.Kind
    /// For a string: ASCII without escapes, so that the bytes inside the quotes are its characters.
    var plain = false

    init(kind: PushPayload.Kind, start: Int32, end: Int32, plain: Bool = false, number: Double = 0) {
        self.number = number
        self.start = start
        self.end = end
        self.kind = kind
        self.plain = plain
    }

    /// `number` as an integer: `5` and `5.0` alike (JSON does not tell them apart), exact up to
    /// 2^53; nil for a fraction or a larger magnitude.
    static func integer(_ number: Double) -> Int64? {
        guard abs(number) <= 9_007_199_254_740_992 else { return nil }
        let integer = Int64(number)
        return Double(integer) == number ? integer : nil
    }

    /// A plain string's bytes inside its quotes; nil for anything else.
    func plainText(in bytes: ByteView) -> ByteView? {
        guard kind == .string, plain else { return nil }
        return bytes.extracting(Int(start) + 1..<Int(end) - 1)
    }

    /// A string's text (the caller checked that this is a string).
    func string(in bytes: ByteView) -> String {
        guard plain else { return JSONParser.validatedString(in: bytes, at: Int(start)) }
        return bytes.extracting(Int(start) + 1..<Int(end) - 1).validUTF8String
    }

    /// The value as a tree (for `req`, which is echoed as it came).
    func value(in bytes: ByteView) -> JSONValue {
        switch kind {
        case .number: .number(number, text: bytes.extracting(Int(start)..<Int(end)))
        case .string: .string(string(in: bytes))
        case .true: .bool(true)
        case .false: .bool(false)
        case .null: .null
        case .object, .array: JSONParser.validatedValue(bytes.extracting(Int(start)..<Int(end)))
        }
    }
}

extension JSONParser {
    /// Reads the value at the current position (leading whitespace skipped) as `parseValue` would,
    /// with the same errors at the same offsets, but keeps only where it lies and what it is.
    mutating func memberValue() throws(JSONParseError) -> MemberValue {
        guard let byte = peekSignificant() else { throw failure(position, "expected a value") }
        let start = Int32(position)
        switch byte {
        case ASCII.quote:
            let plain = try scanString()
            return MemberValue(kind: .string, start: start, end: Int32(position), plain: plain)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            let number = try parseNumber()
            return MemberValue(kind: .number, start: start, end: Int32(position), number: number)
        default:
            let kind = try skipValue()
            return MemberValue(kind: kind, start: start, end: Int32(position))
        }
    }
}

extension BufferView<UInt8> {
    /// Whether these are exactly the bytes of `name`. Always inlined: called with a literal, the
    /// length check folds away and the comparison is a few word loads.
    @inline(__always)
    func holds(_ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let expected = ByteView(name)
        for k in 0..<count where self[k] != expected[k] { return false }
        return true
    }
}
