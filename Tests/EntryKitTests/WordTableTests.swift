@testable import EntryKit
import Testing

/// The segmented words of the dedupe window's index: zeroed a few at a time across segments, freed a
/// segment at a time, and copied as far as they are zeroed and held.
struct WordTableTests {
    @Test func aSmallTableIsOneSegmentOfItsOwnSize() {
        let table = WordTable(bits: 4)
        #expect(table.segmentCount == 1 && table.segmentSize == 16 && !table.isReady)
        table.zero(100)
        #expect(table.isReady && (0..<16).allSatisfy { table[$0] == 0 })
        table[15] = 7
        #expect(table[15] == 7 && table.mask == 15)
    }

    @Test func zeroingInStepsCrossesSegmentsAndCopiesKeepWhatIsHeld() {
        let table = WordTable(bits: 18)
        #expect(table.segmentCount == 4 && table.segmentSize == 1 << 16)
        while table.zeroed < (1 << 16) + 300 { table.zero(7_000) }
        #expect(!table.isReady)
        table[5] = 1
        table[(1 << 16) + 299] = 2
        let partial = table.copy()
        #expect(partial.zeroed == table.zeroed && partial[5] == 1 && partial[(1 << 16) + 299] == 2)
        table.zero(table.count)
        table[3 << 16] = 3
        table.free(segment: 0)
        let copied = table.copy()
        copied[(1 << 16) + 299] = 9
        #expect(copied[3 << 16] == 3 && table[(1 << 16) + 299] == 2 && copied[(1 << 16) + 299] == 9)
        #expect(partial[(1 << 16) + 299] == 2)
    }
}
