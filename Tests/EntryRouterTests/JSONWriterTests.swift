import Testing
@testable import EntryRouter
import EntryKit

@Suite struct JSONWriterTests {
    private func written(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        JSONWriter.append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.number(0), "0"),
        (.number(-0.0), "0"),
        (.number(7), "7"),
        (.number(-42), "-42"),
        (.number(1_700_000_000), "1700000000"),
        (.number(1_152_921_504_606_846_976), "1152921504606846976"),
        (.number(1.5), "1.5"),
        (.number(0.1), "0.1"),
        (.number(-2.25), "-2.25"),
        (.number(1e-7), "1e-07"),
        (.number(1e20), "100000000000000000000"),
        (.number(18_446_744_073_709_551_616), "18446744073709552000"),
        (.number(-18_446_744_073_709_551_616), "-18446744073709552000"),
        (.number(9_223_372_036_854_775_808), "9223372036854776000"),
        (.number(1.5e300), "15" + String(repeating: "0", count: 299)),
        (.number(.infinity), "null"),
        (.number(.nan), "null"),
        (.string(""), "\"\""),
        (.string("a\"b\\c/d"), #""a\"b\\c/d""#),
        (.string("line\nbreak\ttab\r\u{0}\u{1F}"), #""line\u000abreak\u0009tab\u000d\u0000\u001f""#),
        (.string("caf\u{e9} \u{1F600} \u{7F}"), "\"caf\u{e9} \u{1F600} \u{7F}\""),
        (.array([]), "[]"),
        (.array([.number(1), .null, .string("x")]), "[1,null,\"x\"]"),
        (.object([:]), "{}"),
        (.object(["b": .number(1), "a": .array([.bool(true)]), "B": .null]), #"{"B":null,"a":[true],"b":1}"#),
    ])
    func writesCompactDeterministicJSON(value: JSONValue, expected: String) {
        #expect(written(value) == expected)
    }

    @Test func writesIntegersAcrossTheRange() {
        for (value, expected) in [(Int64.min, "-9223372036854775808"), (Int64.max, "9223372036854775807"), (-1, "-1"), (10, "10")] {
            var out: [UInt8] = []
            JSONWriter.appendInteger(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == expected)
        }
    }

    /// Every digit count, on both sides of each power of ten, is the integer's decimal text, into
    /// both sinks.
    @Test func writesEveryDigitCount() {
        var values: [Int64] = [0, 9, 99_999_999, 100_000_000, -99_999_999, -100_000_000, 12_345_678, 1_000_000_007]
        var power: Int64 = 1
        for _ in 0..<18 {
            values += [power, power - 1, power + 1, -power]
            power *= 10
        }
        for value in values {
            var out: [UInt8] = []
            JSONWriter.appendInteger(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
            var buffer = OutputBuffer()
            JSONWriter.writeInteger(value, to: &buffer)
            #expect(buffer.withUnsafeBytes { Array($0) } == out)
        }
    }

    @Test(arguments: [
        "null", "[true,false]", "-12", "0.5", "1e-07", "1e-300", "\"\\u0001\\\"\\\\ \u{e9}\u{10FFFF}\"",
        #"{"aps":{"alert":{"body":"Kim invited you","title":"Invitation"},"sound":"default"},"type":"invitation"}"#,
        #"[[],{},[{"":""}],-0.001]"#,
    ])
    func canonicalTextRoundTrips(text: String) throws {
        let value = try JSONValue.parse(bytes(text))
        #expect(written(value) == text)
    }

    @Test(arguments: [
        JSONValue.string("\u{0}\u{8}\u{C}\u{1B}\u{2028}\"\\"),
        .number(.leastNonzeroMagnitude), .number(-1.7976931348623157e308), .number(123.456), .number(1e15), .number(-9.5e18),
        .object(["k\n": .array([.object(["x": .null]), .number(3)]), "": .bool(false)]),
    ])
    func valuesRoundTrip(value: JSONValue) throws {
        #expect(try JSONValue.parse(bytes(written(value))) == value)
    }

    /// Objects of every size up to past the stack-sorted limit, keys in a scrambled order (shared
    /// prefixes, non-ASCII, a key that sorts before all others): always written with keys sorted.
    @Test func writesObjectsWithKeysSortedAtEverySize() {
        let keys = ["b", "a", "ab", "é", "A", "", "z1", "z10", "z2", "ß", "aa", "a\u{0}", "m", "n", "o", "p", "q", "r", "s", "t"]
        for size in 0...keys.count {
            var map: [String: Int] = [:]
            for (index, key) in keys.prefix(size).enumerated() { map[key] = index }
            var out: [UInt8] = []
            JSONWriter.writeObject(map, to: &out) { value, out in JSONWriter.writeInteger(Int64(value), to: &out) }
            let expected = "{" + map.sorted { $0.key < $1.key }.map { member in
                var key: [UInt8] = []
                JSONWriter.writeString(member.key, to: &key)
                return String(decoding: key, as: UTF8.self) + ":" + String(member.value)
            }.joined(separator: ",") + "}"
            #expect(String(decoding: out, as: UTF8.self) == expected, "size \(size)")
        }
    }
}
