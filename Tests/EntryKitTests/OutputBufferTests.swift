import Testing
@testable import EntryKit

/// `OutputBuffer` alone: the room it reserves and the unchecked writes into it, integers as their
/// decimal text, and its copies of every short length. That messages encoded into it are the bytes
/// the engine's array encoders give is `EncodingIntoOutputBufferTests`, with the engine.
@Suite struct OutputBufferTests {
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

    /// Pieces of every length around the short-copy cases (bytes, two overlapping 4- or 8-byte words,
    /// `memmove`), appended one after another: the buffer holds exactly the pieces, in order.
    @Test func piecesOfEveryLengthAreCopiedExactly() {
        var expected: [UInt8] = []
        var buffer = OutputBuffer()
        for length in 0...40 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: length &* 31 &+ $0 &* 7) }
            piece.withBufferView { buffer.write($0) }
            expected += piece
        }
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
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
        Array("first".utf8).withBufferView { buffer.write($0) }
        let emptyAfterWriting = buffer.isEmpty
        #expect(!emptyAfterWriting)
        buffer.removeAll()
        let emptyAfterRemoving = buffer.isEmpty
        let countAfterRemoving = buffer.count
        #expect(emptyAfterRemoving && countAfterRemoving == 0)
        Array("second".utf8).withBufferView { buffer.write($0) }
        #expect(buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "second")
    }
}
