import Testing
@testable import EntryRouter

/// Selector strings are told apart by their length and first eight bytes (`StringHead`) before any
/// byte after them is compared; a payload string with escapes compares as text. These check the
/// lengths around the word's width, strings alike in their head only, and values of other kinds,
/// and that the identity value read with the params is the one the params hold.
@Suite struct PushSelectorHeadTests {
    /// Routes in file order, each testing `type` against a string of a length around eight bytes.
    static let table: RoutingTable = {
        let json = RoutingFixtures.config(routes: """
            {"name": "empty", "push": {"type": ""}, "modal": "alert"},
            {"name": "eight", "push": {"type": "abcdefgh"}, "modal": "alert"},
            {"name": "nine", "push": {"type": "abcdefghi"}, "modal": "alert"},
            {"name": "nineOther", "push": {"type": "abcdefghj"}, "modal": "alert"},
            {"name": "sixteen", "push": {"type": "abcdefghijklmnop"}, "modal": "alert"},
            {"name": "seven", "push": {"type": "abcdefg"}, "modal": "alert"},
            {"name": "notice", "push": {"type": "serviceNotice", "on": true}, "params": {"n": "n", "id": "noticeId"},
             "modal": "promo", "identity": "id"},
            {"name": "noticeOff", "push": {"type": "serviceNotice"}, "params": {"id": "noticeId", "n": "n"},
             "modal": "promo", "identity": "id"}
            """)
        return RoutingTable(config: try! RoutingFixtures.load(json))
    }()

    private func match(_ text: String) -> RouteMatch? {
        guard let payload = try? PushPayload.scanning(Array(text.utf8)) else { return nil }
        return try? Self.table.route(push: payload, payloadBytes: text.utf8.count).get()
    }

    @Test(arguments: [
        (#"{"type":""}"#, "empty"),
        (#"{"type":"abcdefgh"}"#, "eight"),
        (#"{"type":"abcdefghi"}"#, "nine"),
        (#"{"type":"abcdefghj"}"#, "nineOther"),
        (#"{"type":"abcdefghijklmnop"}"#, "sixteen"),
        (#"{"type":"abcdefg"}"#, "seven"),
        (#"{"type":"\u0061bcdefgh"}"#, "eight"),
        (#"{"type":"abcdefghijklmno\u0070"}"#, "sixteen"),
        (#"{"type":"\u0000"}"#, nil),
        (#"{"type":"abcdefghijklmnoq"}"#, nil),
        (#"{"type":"abcdefghk"}"#, nil),
        (#"{"type":"abcdefgi"}"#, nil),
        (#"{"type":"abcdef"}"#, nil),
        (#"{"type":"abcdefgh\u00e9"}"#, nil),
        (#"{"type":8}"#, nil),
        (#"{"type":null}"#, nil),
        (#"{"type":["abcdefgh"]}"#, nil),
        (#"{"kind":"abcdefgh"}"#, nil),
    ] as [(String, String?)])
    func aStringMatchesTheRouteOfItsWholeText(_ text: String, _ route: String?) {
        #expect(match(text)?.route == route, "\(text)")
    }

    @Test func aSelectorOfEscapedTextMatchesThePlainPayloadString() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "accented", "push": {"type": "caf\\u00e9 cr\\u00e8me"}, "modal": "alert"},
            {"name": "escaped", "push": {"type": "tab\\tbed"}, "modal": "alert"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        func route(_ text: String) -> String? {
            let payload = try! PushPayload.scanning(Array(text.utf8))
            return try? table.route(push: payload, payloadBytes: text.utf8.count).get().route
        }
        #expect(route(#"{"type":"caf\u00e9 cr\u00e8me"}"#) == "accented")
        #expect(route("{\"type\":\"cafe\u{301} cre\u{300}me\"}") == "accented")
        #expect(route(#"{"type":"tab\tbed"}"#) == "escaped")
        #expect(route(#"{"type":"tab bed"}"#) == nil)
    }

    @Test func theIdentityIsTheValueOfItsParamWhereverTheParamIsRead() {
        let first = match(#"{"type":"serviceNotice","on":true,"n":"x","noticeId":7}"#)
        #expect(first?.route == "notice")
        #expect(first?.target == .modal(kind: "promo", priority: 1, identity: "7"))
        #expect(first?.params == ["n": "x", "id": "7"])

        // A missing param before it: the rest of the params are read by name.
        let missing = match(#"{"type":"serviceNotice","on":true,"noticeId":"n-1"}"#)
        #expect(missing?.target == .modal(kind: "promo", priority: 1, identity: "n-1"))
        #expect(missing?.params == ["id": "n-1"])

        let none = match(#"{"type":"serviceNotice","n":"x","noticeId":null}"#)
        #expect(none?.route == "noticeOff")
        #expect(none?.target == .modal(kind: "promo", priority: 1, identity: nil))
        #expect(none?.params == ["n": "x"])
    }
}

/// The head of a string: its length and first eight bytes.
@Suite struct StringHeadTests {
    private func head(_ text: String) -> StringHead {
        let bytes = Array(text.utf8)
        return bytes.withBufferView { StringHead($0, 0..<bytes.count) }
    }

    /// The head of `text` read at an offset inside other bytes: equal heads made from other memory.
    private func head(_ text: String, after prefix: String) -> StringHead {
        let bytes = Array((prefix + text + "tail").utf8)
        return bytes.withBufferView { StringHead($0, prefix.utf8.count..<(prefix.utf8.count + text.utf8.count)) }
    }

    @Test func equalHeadsAreEqualLengthsAndFirstBytes() {
        #expect(head("") == head("", after: "xyz"))
        #expect(head("") != StringHead.none && head("") != StringHead.escaped)
        #expect(head("abcdefgh") == head("abcdefgh", after: "--"))
        #expect(head("abcdefgh") != head("abcdefgi", after: "--"))
        #expect(head("abcdefgh") != head("abcdefg"))
        #expect(head("abcdefghX") == head("abcdefghY"))
        #expect(head("abcdefghX") != head("abcdefgh"))
        #expect(head("a\u{0}") != head("a"))
        #expect(head("ab") != head("ba"))
        #expect(StringHead.escaped.isEscaped && !StringHead.none.isEscaped && !head("a").isEscaped)
    }

    @Test func aHeadReadsBytesInsideItsRangeOnly() {
        let bytes = Array("xxabcyy".utf8)
        let inner = bytes.withBufferView { StringHead($0, 2..<5) }
        #expect(inner == head("abc"))
    }

    /// A string of eight bytes or more has its word read in one load, a shorter one byte by byte:
    /// both give the first bytes in order, and the load reads nothing past its range.
    @Test func theOneLoadWordAndTheByteWordAgree() {
        let bytes = Array("_abcdefghij_".utf8)
        bytes.withBufferView { buffer in
            let loaded = StringHead(buffer, 1..<9)
            #expect(loaded.word == 0x6867_6665_6463_6261)
            #expect(StringHead(buffer, 1..<11).word == loaded.word)
            #expect(StringHead(buffer, 1..<8).word == 0x67_6665_6463_6261)
            #expect(StringHead(buffer, 4..<12) == head("defghij_"))
            #expect(StringHead(buffer, 12..<12) == head(""))
        }
    }
}
