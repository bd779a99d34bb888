/// A push payload as it was received: its JSON text, already checked, and an index of its members.
///
/// Decoding a push used to build the payload's whole `JSONValue` tree, a dictionary per object and
/// a `String` per key and value, of which routing then read one or two members. The payload now
/// stays text: the index records, for every member of the objects reachable from the top through
/// objects (the only members a dotted key path can name), where its key and value lie in the text,
/// and routing compares and extracts straight from those bytes (`PushPayload+Lookup.swift`).
///
/// Equality and hashing are those of the payload's value (`value`), not of its bytes: two payloads
/// that differ only in whitespace or key order are equal, as their `JSONValue`s are.
public struct PushPayload: Sendable {
    /// What a value is, as its first byte tells.
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    /// One member of an indexed object: offsets into `text`, keys and string values inside their
    /// quotes. Members are stored in text order, each followed by the members of its value when that
    /// is an object, so the members of one object are found by hopping from `subtreeEnd` to
    /// `subtreeEnd`.
    struct Member: Sendable {
        var keyStart: Int32 = 0
        var keyEnd: Int32 = 0
        var valueStart: Int32 = 0
        var valueEnd: Int32 = 0
        /// The index after the last member nested in this member's value.
        var subtreeEnd: Int32 = 0
        var kind: Kind = .null
        /// The key is ASCII without escapes: its bytes are its characters, and comparing bytes is
        /// comparing `String`s (which compare non-ASCII text by canonical equivalence).
        var keyPlain = false
        /// Likewise for a string value.
        var valuePlain = false
    }

    /// The payload's JSON text, exactly the bytes it spanned in the request.
    let text: [UInt8]
    let kind: Kind
    let members: [Member]

    init(text: [UInt8], kind: Kind, members: [Member]) {
        self.text = text
        self.kind = kind
        self.members = members
    }

    /// A payload holding `value`, written as compact JSON. A value nested deeper than the parser's
    /// limit (64 levels) cannot be a payload and stops the program.
    public init(_ value: JSONValue) {
        var text: [UInt8] = []
        JSONWriter.append(value, to: &text)
        do {
            self = try PushPayload.scanning(text)
        } catch {
            preconditionFailure("a payload must nest at most \(JSONParser.maxDepth) levels: \(error)")
        }
    }

    /// Checks `text` as one JSON document and indexes it, as request decoding does for a payload member.
    static func scanning(_ text: [UInt8]) throws(JSONParseError) -> PushPayload {
        try text.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> PushPayload in
            var parser = JSONParser(buffer)
            let payload = try parser.scanPayload()
            try parser.expectEnd()
            return payload
        }
    }

    /// Whether the payload is a JSON object (APNs payloads are; anything else routes nowhere).
    public var isObject: Bool { kind == .object }

    /// The payload as a value tree, built on demand (launch fingerprints, tests).
    public var value: JSONValue {
        text.withUnsafeBufferPointer { JSONParser.validatedValue($0) }
    }
}

extension PushPayload: Hashable {
    public static func == (lhs: PushPayload, rhs: PushPayload) -> Bool {
        lhs.text == rhs.text || lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
