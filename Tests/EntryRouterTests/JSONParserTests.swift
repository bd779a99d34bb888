import Testing
@testable import EntryRouter

@Suite struct JSONParserTests {
    private func parse(_ raw: [UInt8]) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(raw[...]) }
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        (" true ", .bool(true)),
        ("\tfalse\r\n", .bool(false)),
        ("0", .number(0)),
        ("-0", .number(-0.0)),
        ("12", .number(12)),
        ("-12.5e3", .number(-12500)),
        ("1E+2", .number(100)),
        ("1e-2", .number(0.01)),
        ("0.1", .number(0.1)),
        ("123456789012345", .number(123_456_789_012_345)),
        ("12345678901234567890", .number(12_345_678_901_234_567_168)),
        ("1.7976931348623157e308", .number(1.7976931348623157e308)),
        ("\"\"", .string("")),
        ("\"plain\"", .string("plain")),
        ("\"caf\u{e9} \u{1F600}\"", .string("caf\u{e9} \u{1F600}")),
        (#""\u00e9\u00E9""#, .string("\u{e9}\u{e9}")),
        (#""\ud83d\ude00""#, .string("\u{1F600}")),
        (#""a\"b\\c\/d\b\f\n\r\t""#, .string("a\"b\\c/d\u{8}\u{c}\n\r\t")),
        (#""x\u0000y""#, .string("x\u{0}y")),
        (" [ 1 , [ ] , { } ] ", .array([.number(1), .array([]), .object([:])])),
        (#"{"a":{"b":[null,true]},"c":"d"}"#, .object(["a": .object(["b": .array([.null, .bool(true)])]), "c": .string("d")])),
    ])
    func parsesValidJSON(text: String, expected: JSONValue) {
        #expect(parse(Array(text.utf8)) == .success(expected))
    }

    @Test(arguments: [
        ("", 0, "expected a value"),
        ("   ", 3, "expected a value"),
        ("{\"a\":1,}", 7, "expected a string key"),
        ("{1:2}", 1, "expected a string key or '}'"),
        ("{\"a\" 1}", 5, "expected ':'"),
        ("{\"a\":1 \"b\":2}", 7, "expected ',' or '}'"),
        ("{\"a\":1", 6, "expected ',' or '}'"),
        ("[1,]", 3, "expected a value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        ("[1", 2, "expected ',' or ']'"),
        ("01", 1, "expected end of input"),
        ("[1] 2", 4, "expected end of input"),
        ("-", 1, "expected a digit"),
        ("-a", 1, "expected a digit"),
        ("+1", 0, "expected a value"),
        ("1.", 2, "expected a digit after '.'"),
        (".5", 0, "expected a value"),
        ("1e", 2, "expected a digit in the exponent"),
        ("1e+", 3, "expected a digit in the exponent"),
        ("1e400", 0, "number out of range"),
        ("-1e400", 0, "number out of range"),
        ("tru", 0, "expected a value"),
        ("nul", 0, "expected a value"),
        ("NaN", 0, "expected a value"),
        ("\"abc", 4, "expected '\"' to close the string"),
        ("\"a\u{1}\"", 2, "control character"),
        ("\"a\nb\"", 2, "control character"),
        (#""\q""#, 2, "expected one of"),
        (#""\u12G4""#, 5, "expected 4 hex digits"),
        (#""\u12""#, 5, "expected 4 hex digits"),
        (#""\ud800""#, 1, "must be followed by a \\u low surrogate"),
        (#""\udc00""#, 1, "lone low surrogate \\uDC00"),
        (#""\ud800\u0041""#, 7, "expected a low surrogate"),
        ("{\"a\":1,\"a\":2}", 7, "duplicate key \"a\""),
        ("{\"x\":{\"a\":1,\"b\":2,\"a\":3}}", 18, "duplicate key \"a\""),
        ("// comment\n1", 0, "expected a value"),
        ("'a'", 0, "expected a value"),
    ])
    func rejectsInvalidJSON(text: String, offset: Int, reason: String) {
        guard case .failure(let error) = parse(Array(text.utf8)) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(error.offset == offset)
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test(arguments: [
        ([0x22, 0xC3, 0x28, 0x22], "a lead byte without its continuation"),
        ([0x22, 0xC0, 0xAF, 0x22], "an overlong form"),
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], "an overlong three-byte form"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "an encoded surrogate"),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "a scalar above U+10FFFF"),
        ([0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22], "a five-byte form"),
        ([0x22, 0x80, 0x22], "a lone continuation byte"),
        ([0x22, 0xE2, 0x82], "a truncated sequence"),
        ([0x22, 0x61, 0x5C, 0x6E, 0xFF, 0x22], "an invalid byte after an escape"),
    ] as [([UInt8], String)])
    func rejectsInvalidUTF8(raw: [UInt8], what: String) {
        guard case .failure(let error) = parse(raw) else {
            Issue.record("accepted \(what)")
            return
        }
        #expect(error.reason.contains("invalid UTF-8"), "\(what): \(error.reason)")
        #expect(raw[error.offset] >= 0x80, "\(what): the offset points at the bad sequence")
    }

    @Test func nonASCIIOutsideAStringIsNotAValue() {
        #expect(parse([0xC3, 0xA9]) == .failure(JSONParseError(offset: 0, reason: "expected a value")))
    }

    @Test func nestingIsLimited() {
        let deepest = JSONParser.maxDepth
        let fits = String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)
        #expect((try? parse(Array(fits.utf8)).get()) != nil)
        let tooDeep = String(repeating: "[", count: deepest + 1) + String(repeating: "]", count: deepest + 1)
        #expect(parse(Array(tooDeep.utf8)) == .failure(JSONParseError(offset: deepest, reason: "nesting deeper than 64 levels")))
        let objects = String(repeating: "{\"a\":", count: deepest + 1) + "1" + String(repeating: "}", count: deepest + 1)
        guard case .failure(let error) = parse(Array(objects.utf8)) else {
            Issue.record("accepted \(deepest + 1) nested objects")
            return
        }
        #expect(error.reason.hasPrefix("nesting deeper"))
    }

    @Test func offsetsCountFromTheSliceStart() {
        let raw = Array("xx[1,]".utf8)
        #expect(throws: JSONParseError(offset: 3, reason: "expected a value")) { try JSONValue.parse(raw[2...]) }
    }
}
