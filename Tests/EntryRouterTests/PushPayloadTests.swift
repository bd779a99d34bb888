import SeededRandom
import Testing
@testable import EntryRouter

/// A push payload is scanned, not parsed into a tree: these check that the scan accepts and refuses
/// exactly what the parser does (same error, same offset), and that reading members from the index
/// gives what reading them from the parsed value gave.
@Suite struct PushPayloadTests {
    private func scan(_ raw: [UInt8]) -> Result<PushPayload, JSONParseError> {
        Result { () throws(JSONParseError) -> PushPayload in try PushPayload.scanning(raw) }
    }

    private func parse(_ raw: [UInt8]) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(raw[...]) }
    }

    /// The scan and the parser agree on `raw`: the same error, or the same value.
    private func expectAgreement(_ raw: [UInt8], _ comment: Comment? = nil) {
        switch (scan(raw), parse(raw)) {
        case (.success(let payload), .success(let value)):
            #expect(payload.value == value, comment)
            let blank: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
            let trimmed = raw.drop { blank.contains($0) }.reversed().drop { blank.contains($0) }.reversed()
            #expect(Array(payload.text) == Array(trimmed), comment)
        case (.failure(let scanned), .failure(let parsed)):
            #expect(scanned == parsed, comment)
        case (let scanned, let parsed):
            Issue.record("scan \(scanned) but parse \(parsed): \(String(decoding: raw, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        #"{}"#, #" { "a" : 1 } "#, #"{"a":{"b":[null,true,false,{"c":"d"}]},"e":-1.5e3}"#, #"[1,{"a":2}]"#, #""text""#,
        #"12"#, #"{"k\u00e9y":"v\u00e9","\ud83d\ude00":"\/"}"#, "{\"caf\u{e9}\":\"\u{1F600}\"}",
        // Syntax errors at every kind of place.
        #"{"a":1,}"#, #"{1:2}"#, #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"a":1"#, #"{"a":[1,]}"#, #"{"a":[1 2]}"#,
        #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#, #"{"a":1e}"#, #"{"a":1e400}"#, #"{"a":tru}"#, #"{"a":"abc"#,
        "{\"a\":\"x\u{1}\"}", #"{"a":"\q"}"#, #"{"a":"\u12G4"}"#, #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#,
        #"{"a\q":1}"#, #"{"a":1} x"#, "",
        // Duplicate keys: plain, escaped, canonically equivalent, nested, in arrays, after a later error.
        #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, "{\"K\":1,\"\u{212A}\":2}", "{\"\u{e9}\":1,\"e\u{301}\":2}",
        #"{"x":{"a":1,"b":2,"a":3}}"#, #"{"x":[{"a":1,"a":2}]}"#, #"{"a":1,"a":2,"b":}"#,
        #"{"a":{"b":1,"b":2},"a":3}"#, #"{"a\"b":1,"a\"b":2}"#, #"{"ab":1,"a":2,"b":3}"#,
        // Keys of equal length, and a later key equal to one nested in an earlier member's value.
        #"{"ab":1,"ba":2}"#, #"{"ab":1,"ab":2}"#, #"{"a":{"b":1},"b":2}"#, #"{"a":1,"b":{"a":2},"a":3}"#,
        // A member's value missing at the end, a number read in the member loop, arrays of objects
        // beside recorded members (their keys are collected apart).
        #"{"a":"#, #"{"a": "#, #"{"a":-"#, #"{"a": 5 ,"b":"c"}"#, #"{"a":[{"b":1},{"b":1,"b":2}]}"#,
        #"{"a":[{"a":1}],"a":2}"#, #"[{"a":1},{"a":{"b":2,"b":3}}]"#, #"{"a":[],"b":[{}],"c":true}"#,
    ])
    func agreesWithTheParser(text: String) {
        expectAgreement(Array(text.utf8), Comment(rawValue: text))
    }

    @Test func largeObjectsFindTheFirstDuplicateInMemberOrder() {
        let keys = (0..<40).map { "k\($0)" }
        for (first, second) in [(3, 39), (38, 39), (0, 17)] {
            var members = keys.map { "\"\($0)\":1" }
            members[second] = "\"\(keys[first])\":2"
            let text = "{" + members.joined(separator: ",") + "}"
            expectAgreement(Array(text.utf8), Comment(rawValue: text))
            guard case .failure(let error) = scan(Array(text.utf8)) else {
                Issue.record("accepted \(text)")
                continue
            }
            #expect(error.reason == "duplicate key \"\(keys[first])\"")
        }
        let escaped = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + #","\u006b7":2}"#
        expectAgreement(Array(escaped.utf8), "an escaped duplicate among many keys")
    }

    @Test func nestingIsLimitedAsInTheParser() {
        for depth in [JSONParser.maxDepth, JSONParser.maxDepth + 1] {
            let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            expectAgreement(Array(objects.utf8), "\(depth) objects")
            let mixed = String(repeating: "{\"a\":[", count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
            expectAgreement(Array(mixed.utf8), "\(depth) mixed")
        }
    }

    /// Random payloads, then random damage: the scan must agree with the parser on every one.
    @Test func agreesWithTheParserOnRandomDamage() {
        var random = SplitMix64(seed: 0x5EED_0F_DA7A)
        let damage: [UInt8] = Array(#"{}[]",:\"u0aZ -1e."#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF, 0x80]
        for _ in 0..<3000 {
            var raw = Array(Self.text(of: Self.randomValue(&random, depth: 0)).utf8)
            for _ in 0..<random.below(3) where !raw.isEmpty {
                let at = random.below(raw.count)
                switch random.below(4) {
                case 0: raw.remove(at: at)
                case 1: raw.insert(random.pick(damage), at: at)
                case 2: raw[at] = random.pick(damage)
                default: raw.insert(contentsOf: raw[at...].prefix(random.below(8)), at: at)
                }
            }
            expectAgreement(raw, Comment(rawValue: String(decoding: raw, as: UTF8.self)))
        }
    }

    /// Every key path of random payloads reads, from the index, what it reads in the parsed value.
    @Test func membersReadAsFromTheValue() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let text = Self.text(of: Self.randomValue(&random, depth: 0, objectsOnly: true))
            let payload = try PushPayload.scanning(Array(text.utf8))
            let value = payload.value
            for path in Self.paths {
                let member = payload.member(at: PushParams.KeyPath(path))
                #expect(member.map(payload.value(of:)) == value[path: path], "\(path) in \(text)")
                #expect(member.flatMap(payload.paramText(at:)) == value[path: path].flatMap(PushParams.text), "\(path) in \(text)")
                #expect(member.flatMap(payload.string(at:)) == value[path: path]?.stringValue, "\(path) in \(text)")
            }
        }
    }

    @Test func selectorsCompareAsValues() throws {
        let payload = try PushPayload.scanning(Array(#"{"s":"caf\u00e9","t":"a\u0062","n":2.0,"b":true,"z":null,"o":{"x":[1]}}"#.utf8))
        let holds = { (path: String, expected: JSONValue) -> Bool in
            if case .match = PushRoutes([(0, PushParams(selector: [path: expected], params: [:]))]).route(payload) { return true }
            return false
        }
        #expect(holds("s", .string("caf\u{e9}")))
        #expect(holds("s", .string("cafe\u{301}")))
        #expect(holds("t", .string("ab")))
        #expect(!holds("t", .string("a")))
        #expect(holds("n", .number(2)))
        #expect(!holds("n", .string("2")))
        #expect(holds("b", .bool(true)) && !holds("b", .bool(false)))
        #expect(holds("z", .null) && !holds("s", .null))
        #expect(holds("o", .object(["x": .array([.number(1)])])))
        #expect(holds("o.x", .array([.number(1)])))
    }

    @Test func dottedPathsStepThroughObjectsOnly() throws {
        let payload = try PushPayload.scanning(Array(#"{"a.b":1,"a":{"b":{"c":"deep"},"l":[{"c":1}]},"x":"a"}"#.utf8))
        #expect(payload.member(at: PushParams.KeyPath("a.b.c")).flatMap(payload.string(at:)) == "deep")
        #expect(payload.member(at: PushParams.KeyPath("a.l.c")) == nil)
        #expect(payload.member(at: PushParams.KeyPath("x.y")) == nil)
        #expect(payload.member(at: PushParams.KeyPath("b")) == nil)
        #expect(payload["a.b"] == .number(1))
        #expect(try PushPayload.scanning(Array("[1]".utf8)).member(at: PushParams.KeyPath("a")) == nil)
    }

    @Test func equalPayloadsAreEqualWhateverTheirText() throws {
        let compact = try PushPayload.scanning(Array(#"{"a":1,"b":"x"}"#.utf8))
        let spaced = try PushPayload.scanning(Array(#" {"b" : "\u0078", "a":1.0} "#.utf8))
        #expect(compact == spaced)
        #expect(compact.hashValue == spaced.hashValue)
        #expect(compact != PushPayload(.object(["a": .number(2), "b": .string("x")])))
        #expect(PushPayload(.object(["a": .number(1), "b": .string("x")])) == compact)
    }

    @Test func aDecodedPushRoutesFromItsEscapedText() throws {
        let line = #"{"op":"push","payload":{"t\u0079pe":"service\u004eotice","noticeId":"caf\u00e9","n":{"x":1}}}"#
        guard case .success(let request) = Request.decode(line: Array(line.utf8)[...]), case .push(let push) = request.op else {
            Issue.record("not a push")
            return
        }
        let match = try RoutingFixtures.materunner.route(push: push.payload, payloadBytes: push.payloadBytes).get()
        #expect(match.route == "serviceNotice")
        #expect(match.params == ["noticeId": "caf\u{e9}"])
    }

    // MARK: Random payloads

    private static let keys = ["a", "b", "type", "id", "caf\u{e9}", "q\"k", "x.y", "\u{1F600}", "K"]
    private static let paths = ["a", "b", "type", "a.b", "a.type", "b.a.id", "caf\u{e9}", "q\"k", "x.y", "x", "\u{1F600}.a", "K"]

    private static func randomValue(_ random: inout SplitMix64, depth: Int, objectsOnly: Bool = false) -> JSONValue {
        let choice = depth == 0 ? 6 : random.below(depth > 3 ? 5 : 8)
        switch choice {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .number(random.pick([0, 7, -3, 1.5, 1e21, 12_345_678_901_234_568]))
        case 3: return .string(random.pick(["", "x", "caf\u{e9}", "line\nbreak", "\u{1F600}", "\u{0}"]))
        case 4: return .string(random.pick(keys))
        case 5 where !objectsOnly:
            return .array((0..<random.below(3)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<random.below(5) {
                members[random.pick(keys)] = randomValue(&random, depth: depth + 1, objectsOnly: objectsOnly)
            }
            return .object(members)
        }
    }

    /// JSON text for `value`, with some keys and strings written with `\u` escapes, so that the
    /// scan meets keys that are not plain.
    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return escaped(text)
        case .array(let items): return "[" + items.map(Self.text(of:)).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { escaped($0.key) + ":" + text(of: $0.value) }.joined(separator: " , ") + "}"
        default:
            var out: [UInt8] = []
            JSONWriter.append(value, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func escaped(_ text: String) -> String {
        var out = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || (index == 0 && scalar.value < 0x80 && text.count > 1) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A payload keeps its text and its member index in one buffer: these check the index read back
/// from it, whatever the number of members and wherever the text ends.
@Suite struct PushPayloadStorageTests {
    private func payload(_ text: String) throws -> PushPayload {
        try PushPayload.scanning(Array(text.utf8))
    }

    @Test func aScalarPayloadHasTextAndNoMembers() throws {
        for text in [#""x""#, "7", "null", "[1,{\"a\":2}]"] {
            let scanned = try payload(text)
            #expect(Array(scanned.text) == Array(text.utf8))
            #expect(scanned.memberCount == 0)
            #expect(!scanned.isObject)
            #expect(scanned.value == (try JSONValue.parse(Array(text.utf8)[...])))
        }
    }

    @Test func anEmptyObjectHasNoMembers() throws {
        let scanned = try payload("{}")
        #expect(scanned.isObject && scanned.memberCount == 0)
        #expect(scanned["a"] == nil)
    }

    /// More members than the scan's stack scratch holds, nested, with text of every length mod 8 (the
    /// index starts wherever the text ends, unaligned).
    @Test(arguments: [1, 2, 31, 32, 33, 80])
    func everyMemberIsFoundWhateverTheCount(count: Int) throws {
        for pad in 0..<8 {
            let inner = (0..<count).map { "\"i\($0)\":\"v\($0)\"" }.joined(separator: ",")
            let outer = (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
            let text = "{" + outer + ",\"nested\":{" + inner + "},\"pad\":\"" + String(repeating: "p", count: pad) + "\"}"
            let scanned = try payload(text)
            #expect(scanned.memberCount == 2 * count + 2)
            #expect(Array(scanned.text) == Array(text.utf8))
            for n in [0, count / 2, count - 1] {
                #expect(scanned["k\(n)"] == .number(Double(n)))
                let path = PushParams.KeyPath("nested.i\(n)")
                #expect(scanned.member(at: path).flatMap(scanned.string(at:)) == "v\(n)")
            }
            #expect(scanned["pad"] == .string(String(repeating: "p", count: pad)))
            #expect(scanned["i0"] == nil)
        }
    }

    @Test func copiesShareAndCompareByValue() throws {
        let a = try payload(#"{"a":1,"b":{"c":"d"}}"#)
        let copy = a
        let spaced = try payload(#"{ "b" : { "c" : "d" } , "a" : 1 }"#)
        #expect(copy == a && a == spaced)
        #expect(a.hashValue == spaced.hashValue)
        #expect(a != (try payload(#"{"a":2,"b":{"c":"d"}}"#)))
        #expect(Set([a, copy, spaced]).count == 1)
    }
}
