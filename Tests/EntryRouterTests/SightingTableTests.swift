@testable import EntryRouter
import SeededRandom
import Testing
import EntryKit

/// Every key collides: the same home and the same stored hash half, so only the key bytes tell them apart.
enum OneHash: KeyHashing {
    static func hash(_ bytes: ByteView, seed: UInt64) -> UInt64 { 0x8000_0000_0000_0000 }
}

/// Keys share their home slot (the top bits) but not the rest of the stored hash half.
enum OneHome: KeyHashing {
    static func hash(_ bytes: ByteView, seed: UInt64) -> UInt64 {
        (KeyHash.hash(bytes, seed: seed) & 0xFFFF) << 32
    }
}

/// A key's first byte is its home slot in a table of 16 slots (the first size).
enum FirstByteHome: KeyHashing {
    static func hash(_ bytes: ByteView, seed: UInt64) -> UInt64 {
        UInt64(bytes[0]) << 60 | UInt64(bytes.count) << 32
    }
}

/// A note of given bytes.
struct BytesNote: SightingNote {
    var bytes: [UInt8]

    var maxByteCount: Int { bytes.count }

    func write(to cursor: inout ByteCursor) {
        bytes.withBufferView { cursor.write($0) }
    }
}

/// The dedupe window's table: growth, probing through collisions, removal by backward shift, pruning
/// from the oldest, compaction and `unclaim`, each checked against a plain dictionary.
struct SightingTableTests {
    static let window: Int64 = 1_000

    /// A table and the dictionary it must agree with: key → (instant, note).
    final class Checked<Hashing: KeyHashing> {
        var table: SightingTable<Hashing>
        /// How long each key's note is: long ones fill the arena's chunks in a few records.
        let noteLength: Int

        init(_ table: SightingTable<Hashing> = SightingTable(), noteLength: Int = 0) {
            self.table = table
            self.noteLength = noteLength
        }

        var model: [[UInt8]: (at: Int64, note: [UInt8])] = [:]
        var order: [[UInt8]] = []

        /// Claims `key` (whose last byte is its space in the model) and checks the answer against the model.
        func claim(_ key: [UInt8], space: UInt64, at now: Int64) -> Bool {
            let named = Array("note of \(key)".utf8)
            let note = named + [UInt8](repeating: UInt8(truncatingIfNeeded: now), count: Swift.max(0, noteLength - named.count))
            let earlier = key.withBufferView { bytes in
                table.claim(bytes, space: space, at: Instant(milliseconds: now), window: SightingTableTests.window,
                            note: BytesNote(bytes: note))
            }
            let modelKey = key + [UInt8(space)]
            if let seen = model[modelKey], now - seen.at <= window {
                #expect(earlier?.at.milliseconds == seen.at && earlier.map { Array($0.note) } == seen.note)
                return false
            }
            #expect(earlier == nil)
            model[modelKey] = (now, note)
            order.append(modelKey)
            return true
        }

        func prune(at now: Int64) {
            table.prune(at: Instant(milliseconds: now), window: SightingTableTests.window)
            model = model.filter { now - $0.value.at <= window }
        }

        /// Every key of the model is found with its instant and note, and the table holds no other.
        func verify(absent: [[UInt8]] = []) {
            #expect(table.count == model.count)
            for (modelKey, seen) in model {
                let found = Array(modelKey.dropLast()).withBufferView {
                    table.sighting(of: $0, space: UInt64(modelKey.last!))
                }
                #expect(found?.at.milliseconds == seen.at && found.map { Array($0.note) } == seen.note,
                        "key \(modelKey)")
            }
            for key in absent where model[key] == nil {
                #expect(Array(key.dropLast()).withBufferView { table.sighting(of: $0, space: UInt64(key.last!)) } == nil)
            }
        }
    }

    static func key(_ n: Int) -> [UInt8] { Array("sender-\(n)".utf8) }

    @Test func growsThroughManyResizesAndFindsEveryKey() {
        let checked = Checked<KeyHash>()
        for n in 0..<30_000 { #expect(checked.claim(Self.key(n), space: 0, at: 0)) }
        #expect(checked.table.index.words.count == 1 << 16)
        checked.verify()
        for n in stride(from: 0, to: 30_000, by: 997) { #expect(!checked.claim(Self.key(n), space: 0, at: 5)) }
        #expect(checked.table.sightings.end - checked.table.sightings.start == 30_000)
    }

    @Test func collidingKeysAreToldApartByTheirBytes() {
        let same = Checked<OneHash>()
        let near = Checked<OneHome>()
        for n in 0..<600 {
            #expect(same.claim(Self.key(n), space: UInt64(n % 2), at: Int64(n)))
            #expect(near.claim(Self.key(n), space: UInt64(n % 2), at: Int64(n)))
        }
        for n in 0..<600 {
            #expect(!same.claim(Self.key(n), space: UInt64(n % 2), at: 600))
            #expect(same.claim(Self.key(n), space: UInt64(1 - n % 2), at: 600))
        }
        near.prune(at: 1_300)
        same.prune(at: 1_300)
        let all = (0..<600).map { Self.key($0) + [UInt8($0 % 2)] }
        near.verify(absent: all)
        same.verify(absent: all)
        #expect(near.table.count == 300 && same.table.count == 900)
    }

    @Test func keysOfEveryLengthInBothSpacesAreDistinct() {
        let checked = Checked<KeyHash>()
        let bytes = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
        for length in 0...80 {
            #expect(checked.claim(Array(bytes.prefix(length)), space: 0, at: 0))
            #expect(checked.claim(Array(bytes.prefix(length)), space: 1, at: 0))
            // The same length, one byte changed at each end.
            if length > 0 {
                var changed = Array(bytes.prefix(length))
                changed[0] ^= 0x80
                #expect(checked.claim(changed, space: 0, at: 0))
                changed[0] ^= 0x80
                changed[length - 1] ^= 0x40
                #expect(checked.claim(changed, space: 0, at: 0))
            }
        }
        checked.verify()
        #expect(checked.table.count == 2 * 81 + 2 * 80)
    }

    @Test func aPrunedTableIsReusedAndItsMemoryFollowsTheLiveKeys() {
        let checked = Checked<KeyHash>()
        for n in 0..<20_000 { _ = checked.claim(Self.key(n), space: 0, at: Int64(n / 40)) }
        let grown = checked.table.index.words.count
        // Prune step by step: compactions happen along the way, and every live key stays findable.
        for now in stride(from: Int64(1_000), through: 1_450, by: 50) {
            checked.prune(at: now)
            checked.verify()
        }
        #expect(!checked.table.sightings.isEmpty)
        checked.prune(at: 2_000)
        checked.verify(absent: (0..<20_000).map { Self.key($0) + [0] })
        #expect(checked.table.count == 0 && checked.table.sightings.chunkCount == 0 && checked.table.records.chunkCount == 1)
        #expect(checked.table.index.words.count < grown)
        for n in 0..<1_000 { #expect(checked.claim(Self.key(n), space: 0, at: 2_000)) }
        #expect(!checked.claim(Self.key(7), space: 0, at: 2_500))
        checked.verify()
    }

    @Test func aKeyPastItsWindowButNotPrunedIsSeenAnew() {
        let checked = Checked<OneHash>()
        #expect(checked.claim(Self.key(1), space: 0, at: 0))
        #expect(checked.claim(Self.key(2), space: 0, at: 10))
        #expect(checked.claim(Self.key(1), space: 0, at: 1_005))
        checked.verify()
        // Pruning the first sighting leaves the key's newer one alone.
        checked.prune(at: 1_005)
        checked.verify()
        #expect(!checked.claim(Self.key(1), space: 0, at: 2_000))
        checked.prune(at: 2_006)
        #expect(checked.table.count == 0)
    }

    @Test(arguments: [0, 14])
    func removalShiftsLaterKeysOfTheRunBackEvenAcrossTheEnd(home: Int) {
        let checked = Checked<FirstByteHome>()
        // Homes h, h, h+1, h, h+3 fill slots h…h+4 (wrapping after 15 when h is 14).
        let homes = [home, home, home + 1, home, home + 3]
        let keys = homes.enumerated().map { [UInt8($1 % 16), UInt8($0)] }
        for (n, key) in keys.enumerated() { #expect(checked.claim(key, space: 0, at: Int64(n))) }
        #expect(checked.table.index.words.count == 16)
        // The two oldest go: each removal pulls back what may move, and leaves a key at its home alone.
        checked.prune(at: 1_002)
        checked.verify(absent: [keys[0] + [0], keys[1] + [0]])
        let occupied = checked.table.index.words.indices.filter { checked.table.index.words[$0] != 0 }
        #expect(occupied == [home, home + 1, home + 3].map { $0 % 16 }.sorted())
    }

    @Test func unclaimForgetsOnlyTheLastClaim() {
        var table = SightingTable<OneHash>()
        func claim(_ n: Int, at now: Int64 = 0) -> Bool {
            Self.key(n).withBufferView {
                table.claim($0, space: 0, at: Instant(milliseconds: now), window: Self.window, note: BytesNote(bytes: [UInt8(n)]))
            } == nil
        }
        func found(_ n: Int) -> [UInt8]? {
            Self.key(n).withBufferView { table.sighting(of: $0, space: 0) }.map { Array($0.note) }
        }
        for n in 0..<5 { #expect(claim(n)) }
        Self.key(4).withBufferView { table.unclaim($0, space: 0) }
        #expect(found(4) == nil)
        Self.key(4).withBufferView {
            _ = table.claim($0, space: 0, at: Instant(milliseconds: 0), window: Self.window, note: NoNote())
        }
        #expect(claim(9))
        Self.key(9).withBufferView { table.unclaim($0, space: 0) }
        // All in one probe run: the others stay reachable after each removal.
        #expect(found(9) == nil)
        #expect((0..<5).map(found) == [[0], [1], [2], [3], []])
        #expect(table.count == 5 && table.sightings.end - table.sightings.start == 5)
    }

    @Test(arguments: [1, 2, 3])
    func randomClaimsUnclaimsAndPrunesAgreeWithADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let real = Checked<KeyHash>()
        let colliding = Checked<OneHome>()
        var now: Int64 = 0
        for _ in 0..<10_000 {
            now += Int64(random.below(3))
            let key = Self.key(random.below(1_500))
            let space = UInt64(random.below(2))
            let realNew = real.claim(key, space: space, at: now)
            let collidingNew = colliding.claim(key, space: space, at: now)
            #expect(realNew == collidingNew)
            if realNew, random.chance(10) {
                key.withBufferView {
                    real.table.unclaim($0, space: space)
                    colliding.table.unclaim($0, space: space)
                }
                real.model[key + [UInt8(space)]] = nil
                colliding.model[key + [UInt8(space)]] = nil
            }
            if random.chance(2) {
                real.prune(at: now)
                colliding.prune(at: now)
            }
        }
        real.verify()
        colliding.verify()
    }

    /// A prune with nothing due stops at the oldest sighting it kept last time; sightings are still
    /// pruned once they are due, including ones claimed after the table was emptied.
    @Test func pruneWithNothingDueKeepsEverythingUntilTheOldestIsDue() {
        let checked = Checked<KeyHash>()
        #expect(checked.claim(Self.key(1), space: 0, at: 0))
        #expect(checked.claim(Self.key(2), space: 0, at: 500))
        checked.prune(at: 900)
        checked.prune(at: 1_000)
        #expect(checked.table.count == 2)
        #expect(checked.claim(Self.key(3), space: 0, at: 1_000))
        checked.prune(at: 1_001)
        checked.verify(absent: [Self.key(1) + [0]])
        #expect(checked.table.count == 2)
        checked.prune(at: 2_001)
        #expect(checked.table.count == 0 && checked.table.sightings.isEmpty)
        #expect(checked.claim(Self.key(4), space: 0, at: 2_100))
        checked.prune(at: 3_000)
        #expect(checked.table.count == 1)
        checked.prune(at: 3_101)
        checked.verify(absent: [Self.key(4) + [0]])
        #expect(checked.table.count == 0)
    }

    /// After `unclaim` emptied the table and the clock stepped back, a newer sighting older than the one
    /// prune last kept is pruned late, once that one would have been due, and is found in the meantime
    /// only as the window's lookups allow (they check the window themselves).
    @Test func aSightingOlderThanTheLastKeptIsPrunedLate() {
        var table = SightingTable<KeyHash>()
        func claim(_ n: Int, at now: Int64) -> Bool {
            Self.key(n).withBufferView {
                table.claim($0, space: 0, at: Instant(milliseconds: now), window: Self.window, note: NoNote())
            } == nil
        }
        #expect(claim(1, at: 1_000))
        table.prune(at: Instant(milliseconds: 1_500), window: Self.window)
        Self.key(1).withBufferView { table.unclaim($0, space: 0) }
        #expect(table.count == 0)
        #expect(claim(2, at: 400))
        table.prune(at: Instant(milliseconds: 1_500), window: Self.window)
        #expect(table.count == 1)
        #expect(claim(2, at: 1_500), "past its window: seen anew, though not pruned yet")
        table.prune(at: Instant(milliseconds: 2_001), window: Self.window)
        #expect(table.count == 1, "the older sighting is pruned, the one seen anew at 1 500 is kept")
        table.prune(at: Instant(milliseconds: 2_501), window: Self.window)
        #expect(table.count == 0)
    }
}
