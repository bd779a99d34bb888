import Testing
@testable import EntryKit
@testable import EntryRouter

/// Messages encoded into a connection's `OutputBuffer` are the bytes `encode(into: [UInt8])` gives,
/// whatever the strings hold and however often the buffer grows.
@Suite struct OutputBufferTests {
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
        let (array, buffer) = encoded([.reply(Reply(req: req, body: .success(.retracted(-7))))])
        #expect(buffer == array)
        var expected: [UInt8] = []
        JSONWriter.append(req, to: &expected)
        #expect(array == Array(#"{"req":"#.utf8) + expected + Array(#","ok":true,"retracted":-7}"#.utf8) + [0x0A])
    }

    /// An integer written into reserved room is its decimal text, at every digit count and both ends.
    @Test(arguments: [Int64.min, Int64.min + 1, -1_000_000_007, -10, -9, -1, 0, 1, 9, 10, 99, 100, 20_000,
                      999_999_999_999, Int64.max - 1, Int64.max])
    func reservedIntegersAreTheirDecimalText(value: Int64) {
        var buffer = OutputBuffer()
        buffer.write(UInt8(ascii: "["))
        buffer.reserve(20)
        buffer.writeReservedInteger(value)
        buffer.writeReserved(UInt8(ascii: "]"))
        #expect(String(decoding: buffer.withUnsafeBytes { Array($0) }, as: UTF8.self) == "[\(value)]")
    }

    /// Every digit count, on both sides of each power of ten and of each sign: the digits are counted
    /// against powers of ten and written in pairs, so each boundary is where one of them could slip.
    @Test func reservedIntegersAtEveryPowerOfTen() {
        var values: [Int64] = [Int64.min, Int64.max]
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        var buffer = OutputBuffer()
        for value in values {
            buffer.removeAll()
            buffer.reserve(20)
            buffer.writeReservedInteger(value)
            #expect(String(decoding: buffer.withUnsafeBytes { Array($0) }, as: UTF8.self) == "\(value)")
        }
    }

    /// The digit count on both sides of every power of ten up to the largest unsigned value, which
    /// has twenty.
    @Test func digitCountsAtEveryPowerOfTen() {
        #expect(OutputBuffer.digitCount(0) == 1)
        #expect(OutputBuffer.digitCount(UInt64.max) == 20)
        var power: UInt64 = 10
        for digits in 1...19 {
            #expect(OutputBuffer.digitCount(power - 1) == digits)
            #expect(OutputBuffer.digitCount(power) == digits + 1)
            #expect(OutputBuffer.digitCount(power + 1) == digits + 1)
            if digits < 19 { power *= 10 }
        }
    }

    /// The table of digit pairs is every number below a hundred, in order.
    @Test func digitPairsAreEveryTwoDigitNumber() {
        let text = OutputBuffer.digitPairs.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        #expect(text == (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }.joined())
    }

    /// Room made on an empty buffer, on a full one and again where there is room already: the
    /// unchecked writes that follow land after what was there, in order.
    @Test func reservedRoomTakesItsWritesInOrder() {
        var buffer = OutputBuffer()
        buffer.reserve(0)
        let empty = buffer.isEmpty
        #expect(empty)
        var expected: [UInt8] = []
        for round in 0..<100 {
            let text = String(repeating: "p\(round)", count: round % 9)
            buffer.reserve(text.utf8.count + 3)
            buffer.writeReserved(ASCII.openBracket)
            let plain = text.withUTF8Bytes { buffer.writeReservedPlainPrefix($0) }
            #expect(plain == text.utf8.count)
            buffer.writeReserved("]\n")
            expected += [ASCII.openBracket] + Array(text.utf8) + Array("]\n".utf8)
        }
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
        buffer.reserve(8)
        let stopped = "ab\"cd".withUTF8Bytes { buffer.writeReservedPlainPrefix($0) }
        #expect(stopped == 2, "the plain prefix ends at the first byte to escape")
        #expect(buffer.withUnsafeBytes { Array($0) } == expected + Array("ab".utf8))
    }

    @Test func growsAcrossManyMessagesAndKeepsOrder() {
        let messages = (0..<500).map { index in
            Message.event(.entry(id: "e-\(index)", state: .pending, route: String(repeating: "r", count: index % 37), scene: nil))
        }
        let (array, buffer) = encoded(messages)
        #expect(buffer == array)
        #expect(array.filter { $0 == 0x0A }.count == 500)
    }

    /// Pieces of every length around the short-copy cases (bytes, two overlapping 4- or 8-byte words,
    /// `memmove`), appended one after another: the buffer holds exactly the bytes an array does.
    @Test func piecesOfEveryLengthAreCopiedExactly() {
        var array: [UInt8] = []
        var buffer = OutputBuffer()
        for length in 0...40 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: length &* 31 &+ $0 &* 7) }
            piece.withBufferView { bytes in
                array.write(bytes)
                buffer.write(bytes)
            }
        }
        #expect(buffer.withUnsafeBytes { Array($0) } == array)
    }

    /// The short copy writes `count` bytes and nothing past them.
    @Test func shortCopiesStayInsideTheirRange() {
        for length in 0...40 {
            let source = (0..<length).map { UInt8($0 + 1) }
            var destination = [UInt8](repeating: 0, count: length + 16)
            source.withUnsafeBytes { from in
                destination.withUnsafeMutableBytes { to in
                    OutputBuffer.copy(from.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, to: to.baseAddress!, count: length)
                }
            }
            #expect(Array(destination[..<length]) == source)
            #expect(destination[length...].allSatisfy { $0 == 0 })
        }
    }

    @Test func removeAllKeepsNothingAndWritesAgain() {
        var buffer = OutputBuffer()
        let countBefore = buffer.count
        let emptyBefore = buffer.isEmpty
        #expect(emptyBefore && countBefore == 0)
        Message.event(.dismiss(scene: "a", modal: "b")).encode(into: &buffer)
        let emptyAfterWriting = buffer.isEmpty
        #expect(!emptyAfterWriting)
        buffer.removeAll()
        let emptyAfterRemoving = buffer.isEmpty
        #expect(emptyAfterRemoving)
        Message.event(.dismiss(scene: "c", modal: "d")).encode(into: &buffer)
        let text = buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        #expect(text == "{\"event\":\"dismiss\",\"scene\":\"c\",\"modal\":\"d\"}\n")
    }
}
