@testable import EntryKit
import Testing

extension ByteArena {
    /// Appends `bytes` as one record and returns where it starts.
    @discardableResult
    mutating func append(_ bytes: [UInt8]) -> Position {
        bytes.withUnsafeBytes { bytes in append(atMost: bytes.count) { $0.write(bytes) } }
    }

    func bytes(from start: Position, count: Int) -> [UInt8] {
        withBytes(from: start, to: start + UInt64(count)) { Array($0) }
    }
}

/// The dedupe window's byte arena: records in chunks that never move, a record that does not fit
/// starting the next chunk, cuts at both ends, and copies that keep their own bytes.
struct ByteArenaTests {
    static func piece(_ n: Int) -> [UInt8] { (0..<(n % 70 + 1)).map { UInt8(truncatingIfNeeded: n &+ $0) } }

    @Test func recordsAcrossManyChunksKeepEveryByte() {
        var arena = ByteArena(capacity: 1)
        var records: [(ByteArena.Position, [UInt8])] = []
        for n in 0..<10_000 { records.append((arena.append(Self.piece(n)), Self.piece(n))) }
        #expect(arena.chunkCount > 5)
        for (start, bytes) in records {
            #expect(arena.bytes(from: start, count: bytes.count) == bytes)
            #expect(start >> 32 == arena.chunkEnd(of: start) >> 32 && arena.chunkEnd(of: start) >= start + UInt64(bytes.count))
        }
    }

    @Test func aRecordThatDoesNotFitTheChunksRestStartsTheNext() {
        var arena = ByteArena()
        let filler = [UInt8](repeating: 1, count: ByteArena.chunkSize - 10)
        let first = arena.append(filler)
        let fits = arena.append(Array(0..<10))
        let next = arena.append(Array(20..<31))
        #expect(fits >> 32 == first >> 32 && arena.chunkEnd(of: fits) == fits + 10)
        #expect(next >> 32 == (first >> 32) + 1 && next & 0xFFFF_FFFF == 0)
        #expect(arena.bytes(from: fits, count: 10) == Array(0..<10) && arena.tailBytes == Array(20..<31))
        // Larger than a chunk: a chunk of its own size, and the next record starts another.
        let large = [UInt8](repeating: 7, count: ByteArena.chunkSize * 2 + 3)
        let big = arena.append(large)
        let after = arena.append([9])
        #expect(big >> 32 == (next >> 32) + 1 && after >> 32 == (big >> 32) + 1)
        #expect(arena.bytes(from: big, count: large.count) == large && arena.chunkEnd(of: big) == big + UInt64(large.count))
        #expect(arena.chunkCount == 4)
    }

    @Test func cutsAtBothEndsFreeWholeChunks() {
        var arena = ByteArena()
        let filler = [UInt8](repeating: 1, count: ByteArena.chunkSize / 2 + 1)
        let starts = (0..<5).map { _ in arena.append(filler) }
        #expect(arena.chunkCount == 5)
        arena.removeChunks(before: starts[3])
        #expect(arena.chunkCount == 2 && arena.bytes(from: starts[3], count: filler.count) == filler)
        // Cutting the newest record, alone in its chunk, leaves that chunk empty and reused.
        arena.removeSuffix(from: starts[4])
        let again = arena.append([5, 6])
        #expect(again == starts[4] && arena.tailBytes == [5, 6])
        arena.removeChunks(before: nil)
        #expect(arena.chunkCount == 1 && arena.tailBytes.isEmpty)
        let fresh = arena.append([8])
        #expect(arena.bytes(from: fresh, count: 1) == [8])
    }

    @Test func chunkNumbersWrapAround() {
        var arena = ByteArena(firstChunk: .max - 1)
        let filler = [UInt8](repeating: 3, count: ByteArena.chunkSize)
        let starts = (0..<5).map { n in arena.append(filler.map { $0 &+ UInt8(n) }) }
        #expect(starts.map { UInt32($0 >> 32) } == [.max - 1, .max, 0, 1, 2])
        for (n, start) in starts.enumerated() { #expect(arena.bytes(from: start, count: 3) == [3 + UInt8(n), 3 + UInt8(n), 3 + UInt8(n)]) }
        arena.removeChunks(before: starts[3])
        #expect(arena.chunkCount == 2 && arena.bytes(from: starts[3], count: 1) == [6])
    }

    @Test func aCopyKeepsItsOwnBytes() {
        var original = ByteArena()
        let start = original.append([1, 2, 3])
        var copy = original
        copy.append([4])
        original.removeSuffix(from: start + 1)
        original.append([9])
        #expect(copy.tailBytes == [1, 2, 3, 4] && original.tailBytes == [1, 9])
    }

    @Test func aRecordIsWrittenInOnePieceAcrossGrowth() {
        var arena = ByteArena(capacity: 1)
        arena.append(atMost: 12) { cursor in
            cursor.write(varint: 300)
            ([1, 2, 3] as [UInt8]).withUnsafeBytes { cursor.write($0) }
            cursor.write(counted: "héllo")
        }
        #expect(arena.tailBytes == [0xAC, 0x02, 1, 2, 3, 6, 0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F])
    }

    @Test func aRecordTakesTheBytesItWroteNotItsBound() {
        var arena = ByteArena(capacity: 4)
        let first = arena.append(atMost: 20) { $0.write(varint: 5) }
        let second = arena.append(atMost: 20) { $0.write(varint: 300) }
        let empty = arena.append(atMost: 20) { _ in }
        let third = arena.append(atMost: 1) { $0.write(varint: 7) }
        #expect(second == first + 1 && empty == second + 2 && third == empty)
        #expect(arena.tailBytes == [5, 0xAC, 0x02, 7])
    }

    @Test func aBoundPastTheChunkStartsTheNextOneThoughTheBytesWouldFit() {
        var arena = ByteArena(capacity: ByteArena.chunkSize)
        let filler = [UInt8](repeating: 1, count: ByteArena.chunkSize - 10)
        let first = arena.append(filler)
        let next = arena.append(atMost: 11) { $0.write(varint: 3) }
        #expect(next >> 32 == (first >> 32) + 1 && next & 0xFFFF_FFFF == 0)
        #expect(arena.bytes(from: next, count: 1) == [3])
    }
}
