import Testing
@testable import EntryRouter
import EntryKit

/// Strings are skipped eight bytes at a time while they are plain ASCII: whatever stops that (a
/// quote, a backslash, a control character, a multi-byte sequence, valid or not) must be found at
/// every position in a word and across words, with the error and offset of a byte-by-byte scan.
@Suite struct JSONStringRunTests {
    private func parse(_ raw: [UInt8]) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) -> JSONValue in try JSONValue.parse(raw[...]) }
    }

    /// `"` + `prefix` ASCII letters + `stop` + `"`, and, for the payload scan, the same as a value.
    private func string(prefix: Int, _ stop: [UInt8]) -> [UInt8] {
        [ASCII.quote] + Array(repeating: UInt8(ascii: "a"), count: prefix) + stop + [ASCII.quote]
    }

    private let lengths = Array(0...20)

    @Test func findsTheClosingQuoteAtEveryPosition() {
        for length in lengths {
            let text = string(prefix: length, [])
            #expect(parse(text) == .success(.string(String(repeating: "a", count: length))), "length \(length)")
        }
    }

    @Test func findsEscapesAtEveryPosition() {
        for length in lengths {
            let text = string(prefix: length, Array(#"\n\"b"#.utf8))
            #expect(parse(text) == .success(.string(String(repeating: "a", count: length) + "\n\"b")), "length \(length)")
        }
    }

    @Test func refusesControlCharactersAtTheirOffset() {
        for length in lengths {
            for control: UInt8 in [0x00, 0x09, 0x0A, 0x1F] {
                let text = string(prefix: length, [control, UInt8(ascii: "z")])
                #expect(parse(text) == .failure(JSONParseError(
                    offset: 1 + length, reason: "control character in a string (escape it as \\u00XX)")), "length \(length)")
            }
        }
    }

    @Test func acceptsMultiByteSequencesAtEveryPosition() {
        for length in lengths {
            let text = string(prefix: length, Array("\u{e9}x\u{1F600}".utf8))
            #expect(parse(text) == .success(.string(String(repeating: "a", count: length) + "\u{e9}x\u{1F600}")), "length \(length)")
        }
    }

    @Test func refusesInvalidUTF8AtItsOffset() {
        for length in lengths {
            for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xC3]] {
                let text = string(prefix: length, bad + [UInt8(ascii: "b")])
                guard case .failure(let error) = parse(text) else {
                    Issue.record("\(bad) after \(length) bytes was accepted")
                    continue
                }
                #expect(error.offset == 1 + length, "\(bad) after \(length) bytes")
            }
        }
    }

    @Test func bytesAroundAStopStillCount() {
        // Bytes 0x21, 0x5B, 0x5D, 0x7F sit next to the stop values and must pass as plain text.
        let text: [UInt8] = [ASCII.quote] + [0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x20, 0x7E, 0x41, 0x21] + [ASCII.quote]
        #expect(parse(text) == .success(.string("!#[]\u{7f} ~A!")))
    }

    @Test func unterminatedStringsEndAtTheInputsEnd() {
        for length in lengths {
            let text = [ASCII.quote] + Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(parse(text) == .failure(JSONParseError(offset: 1 + length, reason: "expected '\"' to close the string")))
        }
    }

    @Test func keysAndPayloadValuesAreReadAlike() {
        for length in lengths {
            let key = String(repeating: "k", count: length)
            let line = #"{"op":"push","payload":{"\#(key)":"\#(key)\u00e9","n":"\#(key)"}}"#
            let decoded = Request.decode(line: Array(line.utf8)[...])
            guard case .success(let request) = decoded, case .push(let push) = request.op else {
                Issue.record("length \(length): \(decoded)")
                continue
            }
            #expect(push.payload.value == .object([key: .string(key + "\u{e9}"), "n": .string(key)]), "length \(length)")
            // A request key of that length is read whole: refused by its whole name (strict requests).
            let stray = #"{"op":"push","\#(key)":"x","payload":{}}"#
            guard case .failure(let refusal) = Request.decode(line: Array(stray.utf8)[...]) else {
                Issue.record("length \(length): a stray key was accepted")
                continue
            }
            #expect(refusal.error.message.hasPrefix("op `push` has no field `\(key)`"), "length \(length): \(refusal.error.message)")
            let bad = #"{"op":"push","\#(key)"#.utf8 + [0x01] + #"":1}"#.utf8
            #expect(Request.decode(line: Array(bad)[...]).failureOffset == 14 + length, "length \(length)")
        }
    }
}

private extension Result where Failure == RequestError {
    /// The offset in a `bad_json` message (its first number: "invalid JSON at byte N: …").
    var failureOffset: Int? {
        guard case .failure(let failure) = self else { return nil }
        let digits = failure.error.message.split(whereSeparator: { !$0.isNumber })
        return digits.first.flatMap { Int($0) }
    }
}
