@testable import EntryRouter
import Testing

/// The dedupe window's byte arena: appends across growth, cuts at both ends, and copies that keep their
/// own bytes.
struct ByteArenaTests {
    static func append(_ bytes: [UInt8], to arena: inout ByteArena) {
        bytes.withUnsafeBytes { arena.append($0) }
    }

    @Test func appendsAcrossManyGrowthsKeepEveryByte() {
        var arena = ByteArena(capacity: 1)
        var expected: [UInt8] = []
        for n in 0..<5_000 {
            let piece = (0..<(n % 70)).map { UInt8(truncatingIfNeeded: n &+ $0) }
            Self.append(piece, to: &arena)
            Self.append([UInt8(truncatingIfNeeded: n)], to: &arena)
            expected += piece + [UInt8(truncatingIfNeeded: n)]
        }
        #expect(Array(arena) == expected)
        #expect(arena.withBytes(in: 10..<20) { Array($0) } == Array(expected[10..<20]))
    }

    @Test func emptyAppendsAndEmptyArenas() {
        var arena = ByteArena()
        Self.append([], to: &arena)
        #expect(arena.isEmpty && arena.withBytes(in: 0..<0) { $0.count } == 0)
        arena.removePrefix(0)
        arena.removeSuffix(from: 0)
        #expect(arena.isEmpty)
    }

    @Test func cutsAtBothEnds() {
        var arena = ByteArena()
        Self.append(Array(0..<200), to: &arena)
        arena.removeSuffix(from: 150)
        arena.removePrefix(100)
        #expect(Array(arena) == Array(100..<150))
        Self.append([7, 8], to: &arena)
        #expect(Array(arena) == Array(100..<150) + [7, 8])
        arena.removePrefix(arena.count)
        #expect(arena.isEmpty)
    }

    @Test func aCopyKeepsItsOwnBytes() {
        var original = ByteArena()
        Self.append([1, 2, 3], to: &original)
        var copy = original
        Self.append([4], to: &copy)
        original.removeSuffix(from: 1)
        Self.append([9], to: &original)
        #expect(Array(copy) == [1, 2, 3, 4] && Array(original) == [1, 9])
    }

    @Test func aRecordIsWrittenInOnePieceAcrossGrowth() {
        var arena = ByteArena(capacity: 1)
        arena.append(exactly: 12) { cursor in
            cursor.write(varint: 300)
            ([1, 2, 3] as [UInt8]).withUnsafeBytes { cursor.write($0) }
            cursor.write(counted: "héllo")
        }
        #expect(Array(arena) == [0xAC, 0x02, 1, 2, 3, 6, 0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F])
    }
}
