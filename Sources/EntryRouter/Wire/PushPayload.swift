import EntryKit

/// A push payload as it was received: its JSON text, already checked, and an index of its members.
///
/// Routing reads one or two members of a payload, so decoding a push does not build the payload's
/// whole `JSONValue` tree (a dictionary per object and a `String` per key and value). The payload
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

    /// The payload's JSON text, exactly the bytes it spanned in the request, followed by its members'
    /// bytes: one allocation per payload instead of one for the text and one for the index. Members
    /// are read unaligned (`PackedView`), so the text's length needs no padding after it.
    private let storage: [UInt8]
    /// The length of the text at the start of `storage`.
    private let textCount: Int32
    let kind: Kind

    /// Copies `text` and `members` into the payload's one buffer.
    ///
    /// They are joined in a temporary buffer (on the stack for the usual payload) and the array is
    /// made from it in one step, not with the initializer that lends an array's uninitialized
    /// capacity: that one allocates through the standard library's unspecialized path, which looks
    /// up the array storage's generic metadata on every call, and reserving capacity and appending
    /// twice costs more than one copy into a new array.
    init(text: ByteView, kind: Kind, members: BufferView<Member>) {
        let memberBytes = members.count * MemoryLayout<Member>.stride
        storage = withStackBuffer(of: UInt8.self, capacity: text.count + memberBytes) { joined in
            joined.copy(text, to: 0)
            joined.copy(bytesOf: members, to: text.count)
            return Array(joined.view)
        }
        textCount = Int32(text.count)
        self.kind = kind
    }

    /// The payload's JSON text.
    var text: ArraySlice<UInt8> { storage[..<Int(textCount)] }

    /// How many members the index holds.
    var memberCount: Int { (storage.count - Int(textCount)) / MemoryLayout<Member>.stride }

    /// The member at `index` (`0..<memberCount`).
    func member(_ index: Int) -> Member {
        storage.withBufferView { Members($0.extracting(from: Int(textCount)))[index] }
    }

    /// The members stored after a payload's text, read in place.
    typealias Members = PackedView<Member>

    /// Calls `body` with the text and the index, both read in place from the one buffer.
    func withContents<Result>(_ body: (ByteView, Members) -> Result) -> Result {
        storage.withBufferView { buffer in
            let count = Int(textCount)
            return body(buffer.extracting(0..<count), Members(buffer.extracting(from: count)))
        }
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
        try text.withBufferView { (buffer) throws(JSONParseError) -> PushPayload in
            var parser = JSONParser(buffer)
            let payload = try parser.scanPayload()
            try parser.expectEnd()
            return payload
        }
    }

    /// Whether the payload is a JSON object (APNs payloads are; anything else routes nowhere).
    package var isObject: Bool { kind == .object }

    /// The payload as a value tree, built on demand (launch fingerprints, tests).
    public var value: JSONValue {
        withContents { text, _ in JSONParser.validatedValue(text) }
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
