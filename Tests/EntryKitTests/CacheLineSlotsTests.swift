@testable import EntryKit
import Testing

/// The slots of a cache-line table: one 64-byte line each from an aligned start, written and read in
/// place, probed with a mask that wraps around, and released with the table.
struct CacheLineSlotsTests {
    /// A slot of one cache line: a key, a mark and padding up to 64 bytes.
    struct Line {
        var key: UInt64
        var mark: UInt64
        var padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    }

    @Test func theCountIsAPowerOfTwoAtLeastHalfAgainTheEntries() {
        #expect(CacheLineSlots<Line>.count(for: 0) == 16)
        #expect(CacheLineSlots<Line>.count(for: 10) == 16)
        #expect(CacheLineSlots<Line>.count(for: 11) == 16)
        #expect(CacheLineSlots<Line>.count(for: 12) == 32)
        #expect(CacheLineSlots<Line>.count(for: 1000) == 2048)
        for entries in [1, 7, 100, 683, 5000] {
            let count = CacheLineSlots<Line>.count(for: entries)
            #expect(count & (count - 1) == 0 && count >= entries + entries / 2 && count / 2 < max(16, entries + entries / 2))
        }
    }

    @Test func everySlotStartsEmptyOnItsOwnAlignedLine() {
        let slots = CacheLineSlots(count: 32, repeating: Line(key: 0, mark: .max))
        #expect(MemoryLayout<Line>.stride == 64 && slots.count == 32)
        #expect((0..<32).allSatisfy { slots[$0].mark == .max && slots[$0].key == 0 })
        #expect(Int(bitPattern: slots.base) % 64 == 0)
    }

    @Test func aFieldWrittenInPlaceChangesItsSlotOnly() {
        let slots = CacheLineSlots(count: 16, repeating: Line(key: 0, mark: .max))
        slots[3].key = 42
        slots[4] = Line(key: 7, mark: 1)
        #expect(slots[3].key == 42 && slots[3].mark == .max)
        #expect(slots[4].key == 7 && slots[4].mark == 1)
        #expect([2, 5, 15].allSatisfy { slots[$0].key == 0 && slots[$0].mark == .max })
    }

    @Test func aProbeStartsAtTheHashsLowBitsAndWrapsAround() {
        let slots = CacheLineSlots(count: 16, repeating: Line(key: 0, mark: .max))
        #expect(slots.home(of: 0x1234_5678_9ABC_DEF3) == 3)
        #expect(slots.home(of: UInt64.max) == 15)
        #expect(slots.next(after: 3) == 4 && slots.next(after: 15) == 0)
    }

    /// Slots holding references release them with the table.
    @Test func theTableReleasesWhatItsSlotsHold() {
        final class Token {}
        struct Held {
            var token: Token?
            var padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)
        }
        weak var released: Token?
        do {
            let slots = CacheLineSlots(count: 16, repeating: Held(token: nil))
            let token = Token()
            released = token
            slots[9].token = token
        }
        #expect(released == nil)
    }
}
