import EntryKit

/// A request's `req`: the JSON text the client wrote for it, which its reply carries back byte for
/// byte (docs/PROTOCOL.md, Order).
///
/// A reply is never larger than a small bound of its request, and a `req` read into a value and
/// written out again would not be: `1e308`, five bytes, writes 309 digits. So the value is not read
/// at all: the parser checks it, and its text (without the whitespace around it) is kept and
/// written back as it came, in the order and spelling the client chose. On the wire it takes at most
/// `maxBytes`; a longer one is refused (`bad_request`) and its reply carries none.
///
/// The text is a `String`: the usual `req`, a client's small integer, is a handful of ASCII bytes,
/// kept inline in the string itself, with nothing allocated.
public struct RequestTag: Sendable, Hashable, CustomStringConvertible {
    /// The most bytes a request's `req` may take; a longer one is `bad_request`.
    public static let maxBytes = 64

    /// The JSON text as the client wrote it.
    public let text: String

    package init(text: String) {
        self.text = text
    }

    /// The text of `bytes`, a JSON value the parser has checked (so valid UTF-8). ASCII text, every
    /// usual `req`, is made without the standard library's checks (`ShortASCII`).
    @inline(__always)
    package init(checkedJSON bytes: ByteView) {
        var ascii = true
        for k in 0..<bytes.count where bytes[k] >= 0x80 {
            ascii = false
            break
        }
        text = ascii ? ShortASCII.string(bytes) : bytes.validUTF8String
    }

    /// The tag of a value made in code: the value's JSON as the writer writes it.
    public init(_ value: JSONValue) {
        var out: [UInt8] = []
        JSONWriter.append(value, to: &out)
        text = String(decoding: out, as: UTF8.self)
    }

    /// The tags of values made in code, spelt as the values are (`.number(7)` is the tag `7`).
    public static func number(_ number: Double) -> RequestTag { RequestTag(.number(number)) }
    public static func string(_ string: String) -> RequestTag { RequestTag(.string(string)) }
    public static func bool(_ bool: Bool) -> RequestTag { RequestTag(.bool(bool)) }
    public static func array(_ items: [JSONValue]) -> RequestTag { RequestTag(.array(items)) }
    public static func object(_ members: [String: JSONValue]) -> RequestTag { RequestTag(.object(members)) }
    public static var null: RequestTag { RequestTag(text: "null") }

    /// The value the text reads as.
    public var value: JSONValue? {
        try? JSONValue.parse(Array(text.utf8)[...])
    }

    public var description: String { text }

    /// Tags are equal when their bytes are: `"é"` and `"e\u0301"` are two tags.
    public static func == (lhs: RequestTag, rhs: RequestTag) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }

    /// Writes the text where a reply's `req` goes.
    @inline(__always)
    func write<Sink: JSONSink & ~Copyable>(to out: inout Sink) {
        text.withUTF8View { out.write($0) }
    }

    /// The refusal of a `req` of `byteCount` bytes, past `maxBytes`.
    static func tooLong(_ byteCount: Int) -> WireError {
        WireError(.badRequest, "field `req` must be at most \(maxBytes) bytes of JSON; it has \(byteCount)")
    }
}
