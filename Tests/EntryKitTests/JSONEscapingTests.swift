import Testing
@testable import EntryKit

/// `JSONEscaping.copyPlainPrefix` reads short strings and the tails of long ones as overlapping words:
/// it must still stop exactly at the first byte that needs an escape, copy every byte before it, and
/// write nothing at or past the end of the string.
@Suite struct JSONEscapingTests {
    /// Copies `bytes` into a destination padded with a sentinel; returns the count and the destination.
    private func copy(_ bytes: [UInt8]) -> (plain: Int, destination: [UInt8]) {
        var destination = [UInt8](repeating: 0xAA, count: bytes.count + 16)
        let plain = bytes.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { JSONEscaping.copyPlainPrefix(source, to: $0.baseAddress!) }
        }
        return (plain, destination)
    }

    private func check(_ bytes: [UInt8], plainUpTo expected: Int) {
        let (plain, destination) = copy(bytes)
        #expect(plain == expected, "\(bytes)")
        #expect(Array(destination[..<plain]) == Array(bytes[..<plain]), "\(bytes)")
        // Bytes past the string are never touched, whatever was copied before them.
        #expect(destination[bytes.count...].allSatisfy { $0 == 0xAA }, "\(bytes)")
    }

    @Test func plainStringsOfEveryLengthAreCopiedWhole() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            check(bytes, plainUpTo: length)
        }
    }

    /// One byte that needs an escape at every offset of every length around the word sizes, with the
    /// bytes before and after it plain: the prefix ends exactly there.
    @Test func stopsAtTheFirstEscapeAtEveryOffset() {
        for length in 1...40 {
            for offset in 0..<length {
                for special: UInt8 in [0x00, 0x0A, 0x1F, ASCII.quote, ASCII.backslash] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[offset] = special
                    check(bytes, plainUpTo: offset)
                }
            }
        }
    }

    /// Bytes that look like escapes to a careless word test (0x20, 0x7F, non-ASCII) are plain, and a
    /// second escape after the first does not move where the prefix ends.
    @Test func boundaryBytesArePlainAndOnlyTheFirstEscapeCounts() {
        for length in 1...24 {
            let bytes = (0..<length).map { [0x20, 0x7F, 0x80, 0xFF, 0x21, 0x5B, 0x5D][$0 % 7] as UInt8 }
            check(bytes, plainUpTo: length)
        }
        for length in 2...24 {
            var bytes = [UInt8](repeating: UInt8(ascii: "y"), count: length)
            bytes[length - 1] = ASCII.quote
            bytes[length / 2] = ASCII.backslash
            check(bytes, plainUpTo: length / 2)
        }
    }
}
