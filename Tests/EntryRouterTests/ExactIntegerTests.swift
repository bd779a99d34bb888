import Testing
@testable import EntryRouter
import EntryKit

/// Integers above 2^53 and integral numbers in exponent form: `req` comes back and a param reads as
/// its exact digits (docs/CONFIG.md, docs/PROTOCOL.md), never through a rounding `Double`.
@Suite struct ExactIntegerTests {
    @Test(arguments: [
        ("9007199254740991", JSONValue.number(9_007_199_254_740_991), "9007199254740991"),
        ("9007199254740992", .number(9_007_199_254_740_992), "9007199254740992"),
        ("9007199254740993", .largeInteger(9_007_199_254_740_993), "9007199254740993"),
        ("-9007199254740993", .largeInteger(-9_007_199_254_740_993), "-9007199254740993"),
        ("90071992547409930e-1", .largeInteger(9_007_199_254_740_993), "9007199254740993"),
        ("9223372036854775807", .largeInteger(Int64.max), "9223372036854775807"),
        ("-9223372036854775808", .number(-9_223_372_036_854_775_808), "-9223372036854775808"),
        ("1e18", .number(1e18), "1000000000000000000"),
        ("1.5E+20", .number(1.5e20), "150000000000000000000"),
        ("18446744073709551616", .number(18_446_744_073_709_551_616), "18446744073709552000"),
        ("-0.0000e30", .number(-0.0), "0"),
        ("42.0", .number(42), "42"),
        ("1e-7", .number(1e-7), "1e-07"),
        ("9007199254740993.5", .number(9_007_199_254_740_994), "9007199254740994"),
    ])
    func numbersParseAndWriteExactly(text: String, value: JSONValue, written: String) throws {
        let parsed = try JSONValue.parse(bytes(text))
        #expect(parsed == value)
        var out: [UInt8] = []
        JSONWriter.append(parsed, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == written)
    }

    /// The push path reads `req` itself; every other op through the general decoder; a line that is
    /// not a valid request still echoes the `req` read before its error.
    @Test(arguments: [
        #"{"op":"push","req":9007199254740993,"payload":{"type":"record","recordId":"7"}}"#,
        #"{"op":"status","req":9007199254740993}"#,
        #"{"op":"status","req":[9007199254740993]}"#,
        #"{"op":"fly","req":9007199254740993}"#,
        #"{"req":9007199254740993,"op":"push","payload":7}"#,
    ])
    func reqIsEchoedExactly(line text: String) {
        let req: RequestTag?
        switch Request.decode(line: bytes(text)) {
        case .success(let request): req = request.req
        case .failure(let failure): req = failure.req
        }
        let expected = text.contains("[") ? "[9007199254740993]" : "9007199254740993"
        #expect(line(.reply(Reply(req: req, body: .success(.ok)))).hasPrefix(#"{"req":\#(expected),"#))
        var out = OutputBuffer()
        EntryReply(id: "e-1", route: "r", params: [:], state: .pending).encodeReply(req: req, into: &out)
        #expect(String(decoding: out.withUnsafeBytes { Array($0) }, as: UTF8.self).hasPrefix(#"{"req":\#(expected),"#))
    }

    @Test(arguments: [
        ("9007199254740993", "9007199254740993"), ("-9007199254740993", "-9007199254740993"),
        ("1e18", "1000000000000000000"), ("1E2", "100"), ("42.0", "42"), ("4.5", "4.5"), ("-0", "0"),
        ("9223372036854775807", "9223372036854775807"), ("1e300", "1e+300"),
    ])
    func integralParamsAreTheirExactDigits(number: String, param: String) throws {
        let text = #"{"op":"push","payload":{"type":"record","recordId":\#(number)}}"#
        guard case .success(let request) = Request.decode(line: bytes(text)), case .push(let push) = request.op else {
            Issue.record("not a push: \(text)")
            return
        }
        let match = try RoutingFixtures.materunner.route(push: push.payload, payloadBytes: push.payloadBytes).get()
        #expect(match.params == ["id": param])
    }
}
