import Testing
@testable import EntryKit
@testable import EntryRouter

/// Messages encoded into a connection's `OutputBuffer` are the bytes `encode(into: [UInt8])` gives,
/// whatever the strings hold and however often the buffer grows: the engine's encoders and writers,
/// specialized for each sink (`JSONSink`), write the same. The buffer alone is tested in EntryKitTests.
@Suite struct EncodingIntoOutputBufferTests {
    private func encoded(_ messages: [Message]) -> (array: [UInt8], buffer: [UInt8]) {
        var array: [UInt8] = []
        var buffer = OutputBuffer()
        for message in messages {
            message.encode(into: &array)
            message.encode(into: &buffer)
        }
        return (array, buffer.withUnsafeBytes { Array($0) })
    }

    @Test(arguments: [
        "plain", "", "quote \" and backslash \\", "line\nbreak\ttab\r\u{0}\u{1F}", "caf\u{e9} \u{1F600} \u{7F}",
        "\u{2028}\u{FEFF}é", String(repeating: "long text without escapes ", count: 40),
        String(repeating: "\"", count: 300), "ends with an escape\u{1}", "\\starts with one",
    ])
    func stringsAreEscapedAlike(text: String) throws {
        let message = Message.reply(Reply(req: .string(text), body: .success(.entry(
            EntryReply(id: text.isEmpty ? "e" : text, route: "r", params: [text: text, "k": text], state: .queued)))))
        let (array, buffer) = encoded([message])
        #expect(buffer == array)
        #expect(try JSONValue.parse(array.dropLast())["req"] == .string(text))
    }

    /// Every byte that needs an escape, and a non-ASCII character, at every offset of strings around
    /// the eight-byte words that the buffer copies at once: each sink writes what a plain byte-by-byte
    /// escaper writes.
    @Test func escapesAtEveryOffsetOfEveryWord() {
        let specials: [String] = ["\"", "\\", "\u{0}", "\n", "\u{1F}", "\u{7F}", "\u{e9}", "\u{1F600}", " "]
        for length in 0..<26 {
            for offset in 0...length {
                for special in specials {
                    let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset)
                    var array: [UInt8] = []
                    var buffer = OutputBuffer()
                    JSONWriter.writeString(text, to: &array)
                    JSONWriter.writeString(text, to: &buffer)
                    let expected = Self.escaped(text)
                    #expect(array == expected, "\(text.debugDescription)")
                    #expect(buffer.withUnsafeBytes { Array($0) } == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    /// The escaping rule written out plainly: `"`, `\\` and controls below U+0020, nothing else.
    private static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 0..<0x20: out += Array("\\u00".utf8) + Array(String(byte >> 4, radix: 16).utf8) + Array(String(byte & 0xF, radix: 16).utf8)
            default: out.append(byte)
            }
        }
        return out + [0x22]
    }

    @Test(arguments: [
        JSONValue.number(0), .number(-0.0), .number(9), .number(-9), .number(10), .number(-10), .number(-42),
        .number(1_700_000_000), .number(9_007_199_254_740_994), .number(-9_223_372_036_854_775_808),
        .number(1_152_921_504_606_846_976), .number(1e300), .number(-1.5), .number(0.1), .number(.infinity),
    ])
    func numbersAreWrittenAlike(req: JSONValue) throws {
        let (array, buffer) = encoded([.reply(Reply(req: RequestTag(req), body: .success(.retracted(-7))))])
        #expect(buffer == array)
        var expected: [UInt8] = []
        JSONWriter.append(req, to: &expected)
        #expect(array == Array(#"{"req":"#.utf8) + expected + Array(#","ok":true,"retracted":-7}"#.utf8) + [0x0A])
    }

    @Test func growsAcrossManyMessagesAndKeepsOrder() {
        let messages = (0..<500).map { index in
            Message.event(.entry(id: "e-\(index)", state: .pending, route: String(repeating: "r", count: index % 37), scene: nil))
        }
        let (array, buffer) = encoded(messages)
        #expect(buffer == array)
        #expect(array.filter { $0 == 0x0A }.count == 500)
    }

    /// A buffer emptied after a flush and written again holds the new message alone, as a connection's
    /// output does from one loop turn to the next.
    @Test func aMessageAfterRemoveAllIsAloneInTheBuffer() {
        var buffer = OutputBuffer()
        Message.event(.dismiss(scene: "a", modal: "b")).encode(into: &buffer)
        buffer.removeAll()
        Message.event(.dismiss(scene: "c", modal: "d")).encode(into: &buffer)
        let text = buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(text == "{\"event\":\"dismiss\",\"scene\":\"c\",\"modal\":\"d\"}\n")
    }
}
