import EntryKit
import Testing

/// Varints read back from bytes that may not be varints (a store's file), and the zigzag mapping of
/// signed differences.
struct VarintTests {
    static func written(_ value: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Varint.maxSize)
        let count = bytes.withMutableBufferView { room in
            var cursor = ByteCursor(room, at: 0)
            cursor.write(varint: value)
            return Varint.size(of: value)
        }
        return Array(bytes[..<count])
    }

    static func checked(_ bytes: [UInt8]) -> (value: UInt64?, offset: Int) {
        var offset = 0
        let value = bytes.withBufferView { Varint.readChecked($0, at: &offset) }
        return (value, offset)
    }

    @Test func whatIsWrittenIsReadBackWithItsLength() {
        for value: UInt64 in [0, 1, 127, 128, 300, 1 << 35, UInt64(Int64.max), .max] {
            let bytes = Self.written(value)
            let read = Self.checked(bytes + [0xFF])
            #expect(read.value == value && read.offset == bytes.count, "\(value)")
        }
    }

    @Test func bytesEndingInsideAVarintAreRefused() {
        #expect(Self.checked([]).value == nil)
        #expect(Self.checked([0x80]).value == nil)
        #expect(Self.checked(Array(Self.written(.max).dropLast())).value == nil)
    }

    @Test func moreThanSixtyFourBitsAreRefused() {
        // Ten bytes whose last holds more than bit 63, and an eleventh byte.
        #expect(Self.checked([UInt8](repeating: 0xFF, count: 9) + [0x02]).value == nil)
        #expect(Self.checked([UInt8](repeating: 0x80, count: 10) + [0x00]).value == nil)
    }

    @Test func zigzagKeepsSmallDifferencesSmall() {
        let pairs: [(Int64, UInt64)] = [(0, 0), (-1, 1), (1, 2), (-2, 3), (Int64.max, .max - 1), (Int64.min, .max)]
        for (signed, unsigned) in pairs {
            #expect(ZigZag.encode(signed) == unsigned && ZigZag.decode(unsigned) == signed, "\(signed)")
        }
    }
}
