import Testing
import EntryKit
@testable import EntryRouter

/// Seen keys packed into bytes come back as they went in, and bytes that are not a packing are refused.
@Suite struct SeenKeyPackingTests {
    private static func unpacked(_ bytes: [UInt8], after prefix: [SeenKey] = []) -> (Bool, [SeenKey]) {
        var keys = prefix
        let ok = bytes.withBufferView { SeenKeyPacking.unpack($0, into: &keys) }
        return (ok, keys)
    }

    private static let cases: [[SeenKey]] = [
        [],
        [SeenKey(DedupeKey(senderId: "n-1"), at: Instant(milliseconds: 1_700_000_000_000))],
        // A turn's keys at one instant, a fingerprint among sender ids.
        (0..<50).map { SeenKey(DedupeKey(senderId: "c\($0)"), at: Instant(milliseconds: 42)) }
            + [SeenKey(key: "launch:materunner://invite/abc", at: Instant(milliseconds: 42))],
        // Instants that go back, are negative, or are as far apart as an Int64 allows.
        [SeenKey(key: "a", at: Instant(milliseconds: 10)), SeenKey(key: "b", at: Instant(milliseconds: -5)),
         SeenKey(key: "c", at: Instant(milliseconds: .max)), SeenKey(key: "d", at: Instant(milliseconds: .min))],
        // Not ASCII, empty, a key that is only the prefix, and one whose count takes two bytes.
        [SeenKey(DedupeKey(senderId: "caf\u{E9} \u{1F600}"), at: Instant(milliseconds: 1)),
         SeenKey(DedupeKey(senderId: ""), at: Instant(milliseconds: 1)),
         SeenKey(key: "id:", at: Instant(milliseconds: 1)),
         SeenKey(key: "", at: Instant(milliseconds: 1)),
         SeenKey(DedupeKey(senderId: String(repeating: "x", count: 300)), at: Instant(milliseconds: 2))],
    ]

    @Test(arguments: cases)
    func keysComeBackAsPacked(keys: [SeenKey]) {
        var bytes: [UInt8] = []
        SeenKeyPacking.append(keys, to: &bytes)
        let (ok, unpacked) = Self.unpacked(bytes)
        #expect(ok)
        #expect(unpacked == keys)
        #expect(unpacked.map(\.key) == keys.map(\.key))
    }

    /// Keys of one instant take their bytes and two more each.
    @Test func aTurnsKeysTakeTwoBytesBesideTheirOwn() {
        let keys = (0..<10).map { SeenKey(DedupeKey(senderId: "c\($0)"), at: Instant(milliseconds: 0)) }
        var bytes: [UInt8] = []
        SeenKeyPacking.append(keys, to: &bytes)
        #expect(bytes.count == keys.map { 2 + $0.key.utf8.count }.reduce(0, +))
    }

    /// Appending keeps what the bytes and the array held before.
    @Test func packingAndUnpackingAppend() {
        let first = [SeenKey(key: "id:1", at: Instant(milliseconds: 5))]
        let second = [SeenKey(key: "id:2", at: Instant(milliseconds: 7))]
        var bytes: [UInt8] = [0xAA]
        SeenKeyPacking.append(second, to: &bytes)
        #expect(bytes.first == 0xAA)
        let (ok, keys) = Self.unpacked(Array(bytes.dropFirst()), after: first)
        #expect(ok)
        #expect(keys == first + second)
    }

    /// Every proper prefix of a packing that ends inside a key is refused, and the array is left as it was.
    @Test func cutShortBytesAreRefused() {
        let keys = [SeenKey(key: "id:abc", at: Instant(milliseconds: 300)),
                    SeenKey(DedupeKey(senderId: String(repeating: "y", count: 200)), at: Instant(milliseconds: 300))]
        var bytes: [UInt8] = []
        SeenKeyPacking.append(keys, to: &bytes)
        var first: [UInt8] = []
        SeenKeyPacking.append([keys[0]], to: &first)
        let firstKeyEnds = first.count
        let prefix = [SeenKey(key: "kept", at: Instant(milliseconds: 1))]
        for end in 1..<bytes.count where end != firstKeyEnds {
            let (ok, unpacked) = Self.unpacked(Array(bytes[..<end]), after: prefix)
            #expect(!ok, "prefix of \(end) bytes")
            #expect(unpacked == prefix)
        }
    }

    /// A varint of more than 64 bits is refused rather than read wrapped: eleven bytes, or ten whose
    /// last holds more than bit 63. Ten whose last is 1 is the largest difference, and is read.
    @Test(arguments: [(Array(repeating: 0xFF, count: 11) + [0x01, 0x00], false),
                      (Array(repeating: 0xFF, count: 9) + [0x02, 0x01, 0x61], false),
                      (Array(repeating: 0xFF, count: 9) + [0x01, 0x01, 0x61], true)] as [([UInt8], Bool)])
    func varintsOfMoreThan64BitsAreRefused(bytes: [UInt8], readable: Bool) {
        let (ok, keys) = Self.unpacked(bytes)
        #expect(ok == readable)
        #expect(keys.count == (readable ? 1 : 0))
    }
}
