import Testing
@testable import EntryRouter
import EntryKit

/// A push or open reply written from its parts (`EntryReply.encodeReply`, the daemon's path) is the
/// line `Message.encode` writes for the same `Reply`, whatever its `req`, strings and params hold,
/// and however often the room reserved for it has to be made again.
@Suite struct EntryReplyEncodingTests {
    private static func expected(_ req: RequestTag?, _ entry: EntryReply) -> [UInt8] {
        var bytes: [UInt8] = []
        Message.reply(Reply(req: req, body: .success(.entry(entry)))).encode(into: &bytes)
        return bytes
    }

    private static func written(_ req: RequestTag?, _ entry: EntryReply, after prefix: [UInt8] = []) -> [UInt8] {
        var buffer = OutputBuffer()
        prefix.withBufferView { buffer.write($0) }
        entry.encodeReply(req: req, into: &buffer)
        return buffer.withUnsafeBytes { Array($0) }
    }

    static let entry = EntryReply(id: "c17", route: "serviceNotice", params: ["noticeId": "n"], state: .pending)

    @Test(arguments: [
        nil, JSONValue.number(0), .number(7), .number(10), .number(-1), .number(-10), .number(20_000),
        .number(9_223_372_036_854_774_784), .number(-9_223_372_036_854_775_808), .number(1e300), .number(-1.5),
        .number(0.1), .number(.infinity), .number(.nan), .string("r-1"), .string("quote \" here"), .bool(true), .null,
        .array([.number(1), .string("a")]), .object(["b": .number(2), "a": .null]),
    ])
    func everyReqIsWrittenAsTheGeneralWriterWritesIt(value: JSONValue?) {
        let req = value.map(RequestTag.init)
        #expect(Self.written(req, Self.entry) == Self.expected(req, Self.entry))
    }

    @Test(arguments: EntryState.allCases)
    func everyStateEndsTheLine(_ state: EntryState) {
        var entry = Self.entry
        entry.state = state
        #expect(Self.written(.number(3), entry) == Self.expected(.number(3), entry))
    }

    @Test(arguments: [
        "", "plain", "quote \" and backslash \\", "line\nbreak\ttab\r\u{0}\u{1F}", "caf\u{e9} \u{1F600} \u{7F}",
        String(repeating: "long text without escapes ", count: 40), String(repeating: "\"", count: 300),
        String(repeating: "\u{1}", count: 200), "ends with an escape\u{1}", "\\starts with one",
    ])
    func stringsAnywhereAreEscapedAlike(text: String) {
        let entries = [
            EntryReply(id: text, route: "r", params: RouteParams(), state: .queued),
            EntryReply(id: "e", route: text, params: ["k": "v"], state: .presenting),
            EntryReply(id: "e", route: "r", params: [text: "v", "z": text], state: .done),
            EntryReply(id: text, route: text, params: [text: text, "a": text, "\u{7F}": text], state: .updated),
        ]
        for entry in entries {
            #expect(Self.written(.number(12), entry) == Self.expected(.number(12), entry), "\(entry)")
            #expect(Self.written(nil, entry) == Self.expected(nil, entry), "\(entry)")
        }
    }

    /// Escapes at every offset of strings around the eight-byte words that are copied at once.
    @Test func escapesAtEveryOffset() {
        for length in 0..<20 {
            for offset in 0...length {
                for special in ["\"", "\\", "\u{0}", "\n", "\u{e9}"] {
                    let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset)
                    let entry = EntryReply(id: text, route: text, params: [text: text], state: .pending)
                    #expect(Self.written(.number(1), entry) == Self.expected(.number(1), entry), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func noParamsAndManyParams() {
        let none = EntryReply(id: "e", route: "r", params: RouteParams(), state: .pending)
        #expect(String(decoding: Self.written(.number(5), none), as: UTF8.self)
            == #"{"req":5,"ok":true,"id":"e","route":"r","params":{},"state":"pending"}"# + "\n")
        let pairs = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", String(repeating: "v", count: $0)) })
        let many = EntryReply(id: "e", route: "r", params: RouteParams(pairs), state: .queued)
        #expect(Self.written(.number(5), many) == Self.expected(.number(5), many))
        let empty = EntryReply(id: "e", route: "r", params: ["": ""], state: .queued)
        #expect(Self.written(.number(5), empty) == Self.expected(.number(5), empty))
    }

    /// A reply after bytes already in the buffer, and hundreds in a row, each growing it in turn.
    @Test func appendsAfterWhatIsThereAndGrows() {
        let prefix = Array(repeating: UInt8(ascii: "x"), count: 250)
        #expect(Self.written(.number(9), Self.entry, after: prefix) == prefix + Self.expected(.number(9), Self.entry))
        var buffer = OutputBuffer()
        var expected: [UInt8] = []
        for index in 0..<300 {
            let entry = EntryReply(id: "c\(index)", route: String(repeating: "r", count: index % 41),
                                   params: ["k": String(repeating: "\"", count: index % 13)], state: .pending)
            entry.encodeReply(req: .number(Double(index)), into: &buffer)
            expected += Self.expected(.number(Double(index)), entry)
        }
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
    }

    /// The room bound holds every reply without escapes: three times the params' bytes cover the
    /// pairs with the least text (empty keys and values), the worst case for it.
    @Test func roomBoundsTheRepliesWithoutEscapes() {
        let shapes: [RouteParams] = [RouteParams(), ["": ""], ["a": ""], ["": "b"], ["a": "b", "c": "d", "": ""]]
        for params in shapes {
            let entry = EntryReply(id: "", route: "", params: params, state: .presenting)
            let req = RequestTag.number(-9_223_372_036_854_774_784)
            #expect(Self.expected(req, entry).count
                <= EntryReply.fixedRoom + EntryReply.paramsRoom(params) + req.text.utf8.count, "\(params)")
        }
    }
}
