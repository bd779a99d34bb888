import Testing
@testable import EntryRouter
import EntryKit

/// A request's member keys are matched as two words cut to the key's length when the line has 16
/// bytes after the key's quote, and byte by byte otherwise: both must name the same field, keep any
/// other key's text, and refuse a bad key with the byte scan's error at the same offset.
@Suite struct RequestFieldKeyTests {

    /// What `fieldKey` makes of `key` (the text between the quotes) followed by `tail`, and the
    /// position it ends at, or its error.
    private func read(_ key: [UInt8], tail: [UInt8]) -> Result<(String, Int), JSONParseError> {
        let text = [ASCII.quote] + key + tail
        return text.withBufferView { buffer in
            var parser = JSONParser(buffer)
            return Result { () throws(JSONParseError) -> (String, Int) in
                if let field = try parser.fieldKey() { return ("known " + field.rawValue, parser.position) }
                return ("other " + parser.lastKeyText(), parser.position)
            }
        }
    }

    /// Tails that leave the fast path room (16 bytes and more after the quote) and that do not.
    private let tails: [[UInt8]] = [
        Array(#"":1}"#.utf8),
        Array(#"""#.utf8),
        Array(#"":"a very long value that follows"}"#.utf8),
    ]

    @Test func everyFieldIsKnownWhereverTheLineEnds() throws {
        for field in RequestFields.Field.allCases {
            for tail in tails {
                let key = Array(field.rawValue.utf8)
                #expect(try read(key, tail: tail).get() == ("known " + field.rawValue, key.count + 2),
                        "\(field) before \(tail.count) bytes")
            }
        }
    }

    @Test func keysNearANameAreOther() throws {
        let near = ["o", "opp", "Op", "oq", "ids", "re", "reqs", "payloa", "payloads", "Payload", "collapseI",
                    "collapseIdx", "collapseid", "expiratioN", "expirations", "launc", "launchX", "", "pushpush",
                    "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopqrstuvwxyz", "collapseIdcollap"]
        for name in near {
            for tail in tails {
                let key = Array(name.utf8)
                #expect(try read(key, tail: tail).get() == ("other " + name, key.count + 2), "\(name)")
            }
        }
    }

    @Test func escapedAndNonASCIIKeysTakeTheByteScan() throws {
        for tail in tails {
            #expect(try read(Array(#"\u0072eq"#.utf8), tail: tail).get().0 == "known req")
            #expect(try read(Array(#"op\n"#.utf8), tail: tail).get().0 == "other op\n")
            #expect(try read(Array("caf\u{e9}".utf8), tail: tail).get().0 == "other caf\u{e9}")
        }
    }

    @Test func stopsAtEveryPositionGiveTheByteScansResult() {
        for length in 0...20 {
            let prefix = Array(repeating: UInt8(ascii: "k"), count: length)
            let padding = Array(repeating: UInt8(ascii: " "), count: 20)
            for tail in [[], padding] {
                let control = read(prefix + [0x01] + Array(#"":1"#.utf8) + tail, tail: [])
                #expect(control.map(\.0) == .failure(JSONParseError(
                    offset: 1 + length, reason: "control character in a string (escape it as \\u00XX)")), "length \(length)")
                let invalid = read(prefix + [0xFF, ASCII.quote] + tail, tail: [])
                #expect(invalid.map(\.0) == .failure(JSONParseError(offset: 1 + length, reason: "invalid UTF-8")),
                        "length \(length)")
                let escaped = read(prefix + Array(#"\"x"#.utf8) + [ASCII.quote] + tail, tail: [])
                #expect(escaped.map(\.0) == .success("other " + String(repeating: "k", count: length) + "\"x"),
                        "length \(length)")
                let plain = read(prefix + [ASCII.quote] + tail, tail: [])
                #expect(plain.map(\.1) == .success(length + 2), "length \(length)")
            }
            let unterminated = read(prefix, tail: [])
            #expect(unterminated.map(\.0) == .failure(JSONParseError(
                offset: 1 + length, reason: "expected '\"' to close the string")), "length \(length)")
        }
    }

    /// The words a key of `name` is read as.
    private func words(_ name: String) -> (UInt64, UInt64) {
        Array(name.utf8).withBufferView { ($0.loadPartialWord(at: 0), $0.loadPartialWord(at: 8)) }
    }

    @Test func aTableKnowsExactlyTheNamesItWasMadeOf() {
        let some = RequestFieldNames([.req, .collapseId, .expiration])
        for (name, field) in [("req", RequestFields.Field.req), ("collapseId", .collapseId), ("expiration", .expiration)] {
            let (low, high) = words(name)
            #expect(some.field(low: low, high: high) == field, "\(name)")
        }
        for name in ["op", "id", "payload", "re", "collapse", ""] {
            let (low, high) = words(name)
            #expect(some.field(low: low, high: high) == nil, "\(name)")
        }
        for field in RequestFields.Field.allCases {
            let (low, high) = words(field.rawValue)
            #expect(RequestFieldNames.all.field(low: low, high: high) == field)
        }
    }
}
