@testable import EntryRouter
import SeededRandom
import Testing
import EntryKit

/// The dedupe window's table while it changes size without pausing: operations while its index
/// drains into a resized table, records that start a new chunk, pruning across chunks, and the
/// numbers the index and the arena keep wrapping around. Each is checked against a plain dictionary.
struct SightingTableGrowthTests {
    typealias Checked = SightingTableTests.Checked
    static let window = SightingTableTests.window

    static func key(_ n: Int) -> [UInt8] { SightingTableTests.key(n) }

    /// Claims, duplicates, keys seen anew past their window, unclaims and prunes, at random, through
    /// several growths and shrinks of the index; every key is checked while a table drains.
    @Test(arguments: [1, 2])
    func operationsWhileTheIndexDrainsAgreeWithADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let real = Checked<KeyHash>()
        let colliding = Checked<OneHome>()
        var now: Int64 = 0
        var drainingOperations = 0
        var next = 0
        for step in 0..<12_000 {
            // Fast arrivals for the first half (the window grows), then slow ones (it shrinks).
            if step < 6_000 ? random.chance(8) : true { now += step < 6_000 ? 1 : 3 }
            let fresh = random.chance(4) ? random.below(Swift.max(next, 1)) : next
            if fresh == next { next += 1 }
            let key = Self.key(fresh)
            let realNew = real.claim(key, space: 0, at: now)
            #expect(realNew == colliding.claim(key, space: 0, at: now))
            if realNew, random.chance(10) {
                key.withBufferView {
                    real.table.unclaim($0, space: 0)
                    colliding.table.unclaim($0, space: 0)
                }
                real.model[key + [0]] = nil
                colliding.model[key + [0]] = nil
            }
            if random.chance(3) {
                real.prune(at: now)
                colliding.prune(at: now)
            }
            if real.table.index.drainingSize > 0 {
                drainingOperations += 1
                if drainingOperations % 16 == 0 {
                    real.verify()
                    colliding.verify()
                }
            }
        }
        #expect(drainingOperations > 200)
        real.verify()
        colliding.verify()
    }

    /// A key whose word is still in the draining table is found, seen anew past its window (its word
    /// changed where it lies), unclaimed and pruned.
    @Test func aKeyLeftInTheDrainingTableIsFoundChangedAndRemoved() {
        let checked = Checked<KeyHash>()
        var n = 0
        // Until the index grows from 1 024 words: small tables drain in one operation.
        while checked.table.index.drainingSize < 1_024 {
            #expect(checked.claim(Self.key(n), space: 0, at: Int64(n / 100)))
            n += 1
        }
        checked.verify()
        // Key 0 is the oldest: past its window at 1 001, seen anew; the others still duplicates.
        #expect(checked.claim(Self.key(0), space: 0, at: 1_001))
        #expect(!checked.claim(Self.key(n - 1), space: 0, at: 1_001))
        checked.verify()
        // A new key claimed and given back while the old table drains.
        #expect(checked.claim(Self.key(n), space: 0, at: 1_001))
        Self.key(n).withBufferView { checked.table.unclaim($0, space: 0) }
        checked.model[Self.key(n) + [0]] = nil
        checked.verify(absent: [Self.key(n) + [0]])
        // Pruning the first hundred: key 0's first sighting finds no word, its newer one stays.
        checked.prune(at: 1_001)
        checked.verify(absent: (1..<100).map { Self.key($0) + [0] })
        #expect(checked.table.count == n - 99)
        while checked.table.index.drainingSize > 0 {
            #expect(checked.claim(Self.key(n), space: 0, at: 1_001))
            n += 1
        }
        checked.verify()
    }

    /// A table of several segments drains while keys arrive, freeing its segments as it goes; a copy
    /// taken meanwhile keeps its own keys.
    @Test func aLargeTableDrainsAcrossItsSegmentsAndACopyKeepsItsOwn() {
        let checked = Checked<KeyHash>()
        var n = 0
        while checked.table.index.drainingSize < 1 << 17 {
            #expect(checked.claim(Self.key(n), space: 0, at: 0))
            n += 1
        }
        var copy = checked.table
        let copied = n
        var halfway = true
        while checked.table.index.drainingSize > 0 {
            #expect(checked.claim(Self.key(n), space: 0, at: 0))
            n += 1
            if halfway, n > copied + 2_048 {
                checked.verify()
                halfway = false
            }
        }
        checked.verify()
        // The copy still drains its own tables: it holds the keys claimed before it, not the later ones.
        for m in stride(from: 0, to: n, by: 101) {
            let new = Self.key(m).withBufferView {
                copy.claim($0, space: 0, at: Instant(milliseconds: 1), window: Self.window, note: NoNote())
            } == nil
            #expect(new == (m >= copied), "key \(m)")
        }
        checked.verify()
    }

    /// Records of 20 000 bytes: three to a chunk, the fourth starting the next; notes read back whole,
    /// the newest given back when it started a chunk, and pruning frees the chunks behind it.
    @Test func largeRecordsStartNewChunksAndPruningFreesThem() {
        let checked = Checked<KeyHash>(noteLength: 20_000)
        for n in 0..<39 { #expect(checked.claim(Self.key(n), space: 0, at: Int64(n * 10))) }
        #expect(checked.table.records.chunkCount == 13)
        for n in stride(from: 0, to: 39, by: 3) { #expect(!checked.claim(Self.key(n), space: 0, at: 400)) }
        checked.verify()
        // Key 39 starts a chunk (39 records, three to a chunk, fill 13 of them); given back, it leaves
        // that chunk empty and the notes before it whole.
        #expect(checked.claim(Self.key(39), space: 0, at: 400))
        #expect(checked.table.records.chunkCount == 14 && checked.table.records.tailCount > 0)
        Self.key(39).withBufferView { checked.table.unclaim($0, space: 0) }
        checked.model[Self.key(39) + [0]] = nil
        #expect(checked.table.records.tailCount == 0)
        checked.verify(absent: [Self.key(39) + [0]])
        let held = checked.table.records.chunkCount
        checked.prune(at: 1_205)
        #expect(checked.table.records.chunkCount < held - 5)
        checked.verify(absent: (0..<40).map { Self.key($0) + [0] })
        for n in 41..<50 { #expect(checked.claim(Self.key(n), space: 0, at: 1_300)) }
        checked.verify()
    }

    /// Sighting numbers past 2^31 (what the index keeps of them wraps) and chunk numbers past 2^32.
    @Test(arguments: [0x7FFF_FFFF - 300, 0xFFFF_FFFF - 300, Int(Int32.max) * 7])
    func numbersThatWrapAroundStillFindTheirSightings(first: Int) {
        let checked = Checked<KeyHash>(SightingTable(firstNumber: first, firstChunk: .max - 2), noteLength: 3_000)
        var now: Int64 = 0
        for n in 0..<3_000 {
            now = Int64(n / 10)
            #expect(checked.claim(Self.key(n), space: 0, at: now))
            if n % 7 == 0 {
                Self.key(n).withBufferView { checked.table.unclaim($0, space: 0) }
                checked.model[Self.key(n) + [0]] = nil
            }
            if n % 50 == 0 { checked.prune(at: now) }
        }
        #expect(checked.table.sightings.end > first + 2_000)
        checked.verify(absent: (0..<3_000).filter { $0 % 7 == 0 }.map { Self.key($0) + [0] })
        for n in stride(from: 2_000, to: 3_000, by: 13) where n % 7 != 0 {
            #expect(!checked.claim(Self.key(n), space: 0, at: now))
        }
        checked.prune(at: now + 2_000)
        #expect(checked.table.count == 0)
    }
}
