import Testing
@testable import EntryRouter

/// The flat object's loop (`scanFlatPayload`) against the general scan: on every text it takes, the
/// same payload (text, kind, every member's offsets and flags); on every text it leaves, the parser
/// unmoved, so that `scanPayload` gives exactly what the general scan gives, error and offset too.
@Suite struct FlatScanTests {
    /// What a scan gave: its text and members, or its error; and whether the flat loop took it.
    private struct Outcome: Equatable {
        var text: [UInt8] = []
        var kind: UInt8 = 0
        var members: [[Int32]] = []
        var error: JSONParseError?
        var position = 0
    }

    private static func outcome(_ scan: () throws(JSONParseError) -> (PushPayload, Int)?) -> Outcome? {
        do {
            guard let (payload, position) = try scan() else { return nil }
            let members = (0..<payload.memberCount).map { index in
                let m = payload.member(index)
                return [m.keyStart, m.keyEnd, m.valueStart, m.valueEnd, m.subtreeEnd, Int32(m.kind.rawValue),
                        m.keyPlain ? 1 : 0, m.valuePlain ? 1 : 0]
            }
            return Outcome(text: Array(payload.text), kind: payload.kind.rawValue, members: members, position: position)
        } catch {
            return Outcome(error: error)
        }
    }

    /// Scans `text` after a prefix of `lead` bytes (as a payload lies inside a request line) three
    /// ways: the flat loop alone, the general scan alone, and `scanPayload`.
    private static func scans(_ text: String, lead: String = "") -> (flat: Outcome?, general: Outcome, full: Outcome) {
        let raw = Array((lead + text).utf8)
        return raw.withUnsafeBufferPointer { buffer in
            func parser() -> JSONParser {
                var parser = JSONParser(buffer)
                parser.position = lead.utf8.count
                parser.depth = 1
                return parser
            }
            let flat = outcome { () throws(JSONParseError) -> (PushPayload, Int)? in
                var p = parser()
                p.skipWhitespace()
                let start = p.position
                guard let payload = p.scanFlatPayload() else {
                    #expect(p.position == start, "a refused text leaves the parser where it was: \(text)")
                    return nil
                }
                return (payload, p.position)
            }
            let general = outcome { () throws(JSONParseError) -> (PushPayload, Int)? in
                var p = parser()
                p.skipWhitespace()
                return (try p.scanPayloadGenerally(), p.position)
            }
            let full = outcome { () throws(JSONParseError) -> (PushPayload, Int)? in
                var p = parser()
                return (try p.scanPayload(), p.position)
            }
            return (flat, general.unsafelyUnwrapped, full.unsafelyUnwrapped)
        }
    }

    /// Texts the flat loop takes.
    @Test(arguments: [
        #"{}"#, #"{ }"#, #"{"type":"serviceNotice","noticeId":"n"}"#, #" { "a" : "b" , "c" : 1 } "#,
        #"{"n":-12.5e3,"t":true,"f":false,"z":null,"s":""}"#, "{\"s\":\"caf\u{e9} \u{1F600}\"}",
        #"{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8"}"#, #"{"ab":1,"ba":2,"a":3,"b":4}"#,
        #"{"longerKeyThanEightBytes":"x","longerKeyThanEightByteZ":"y"}"#, "{\"a\":\n\t\"b\"\r}", "{\"a\":\"\u{FF}\"}",
    ])
    func takesFlatObjects(_ text: String) {
        let (flat, general, full) = Self.scans(text, lead: #"{"payload":"#)
        #expect(flat != nil, "the flat loop takes \(text)")
        #expect(flat == general, "\(text)")
        #expect(full == general, "\(text)")
    }

    /// Texts it leaves to the general scan: other shapes, and every error, which the general scan reports.
    @Test(arguments: [
        // Other shapes.
        #"{"a":{"b":"c"}}"#, #"{"a":[1]}"#, #"[1]"#, #""text""#, #"12"#, #"true"#, #"null"#,
        #"{"a":"1","b":"2","c":"3","d":"4","e":"5","f":"6","g":"7","h":"8","i":"9"}"#,
        #"{"k\u00e9y":"v"}"#, #"{"a":"\n"}"#, #"{"a\"b":1}"#, "{\"caf\u{e9}\":1}",
        // Duplicate keys, first and later.
        #"{"a":1,"a":2}"#, #"{"a":1,"b":2,"a":3}"#, #"{"abcdefghij":1,"abcdefghij":2}"#,
        // Syntax errors at every place the loop reads.
        #"{"a":1,}"#, #"{1:2}"#, #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"a":1"#, #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#,
        #"{"a":1e400}"#, #"{"a":tru}"#, #"{"a":nul"#, #"{"a":fals}"#, #"{"a":"abc"#, "{\"a\":\"x\u{1}\"}", #"{"a":}"#,
        #"{"a"#, #"{"#, #"{,}"#, #"{"a":x}"#, "",
    ])
    func leavesOtherTexts(_ text: String) {
        let (flat, general, full) = Self.scans(text, lead: #"{"payload":"#)
        #expect(flat == nil, "the flat loop leaves \(text)")
        #expect(full == general, "\(text)")
    }

    /// At the deepest nesting allowed the object itself is one level too deep: the general scan's error.
    @Test func leavesObjectsTooDeep() {
        let raw = Array(#"{"a":"b"}"#.utf8)
        raw.withUnsafeBufferPointer { buffer in
            var flat = JSONParser(buffer)
            flat.depth = JSONParser.maxDepth
            #expect(flat.scanFlatPayload() == nil)
            #expect(flat.position == 0)
            var full = JSONParser(buffer)
            full.depth = JSONParser.maxDepth
            #expect(throws: JSONParseError.self) { try full.scanPayload() }
        }
    }

    /// A request line's payload is taken by the flat loop and decodes as before.
    @Test func decodesTheUsualPush() throws {
        let line = #"{"op":"push","req":1,"id":"c1","payload":{"type":"serviceNotice","noticeId":"n"}}"#
        let request = try Request.decode(line: Array(line.utf8)[...]).get()
        guard case .push(let push) = request.op else {
            Issue.record("not a push: \(request)")
            return
        }
        #expect(push.payload.value == .object(["type": .string("serviceNotice"), "noticeId": .string("n")]))
        #expect(push.payloadBytes == 39)
    }
}
