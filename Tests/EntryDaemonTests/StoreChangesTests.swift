import EntryHost
@testable import EntryDaemon
@testable import EntryRouter
import SeededRandom
import Testing

/// A commit's fold finds each entry again by its id however many share the turn: checked against a
/// fold by dictionary over random turns of a few to a few hundred entries.
@Suite struct StoreChangesTests {
    /// Two ids that are the same text but not the same bytes ("é" as one code point or as "e" and an
    /// accent) are two entries, as the inbox and the table's key have them.
    @Test(arguments: [("caf\u{E9}", "cafe\u{301}", false), ("c1", "c1", true), ("c1", "c2", false),
                      (String(repeating: "long-", count: 8), String(repeating: "long-", count: 8), true),
                      ("a\u{301}\u{323}", "a\u{323}\u{301}", false)])
    func idsAreTheSameOnlyByteForByte(first: String, second: String, same: Bool) {
        #expect(RecordChanges.EntryIndex.sameBytes(first, second) == same)
    }

    @Test func idsThatAreEquivalentTextButNotTheSameBytesAreTwoEntries() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let changes = RecordChanges([.entry(sampleEntry(composed)), .entry(sampleEntry(decomposed)),
                                           .entry(sampleEntry(composed, state: .queued))])
        #expect(changes.entries.map { Array($0.id.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
        #expect(changes.entries.map(\.state) == [.queued, .pending])
    }

    @Test func theFoldAgreesWithAFoldByDictionary() {
        var random = SplitMix64.fromEnvironment()
        print("changes test: seed \(random.seed) (ENTRYD_TEST_SEED=\(random.seed) replays it)")
        let states: [EntryState] = [.pending, .queued, .presenting, .presented, .replaced, .expired]
        for _ in 0..<40 {
            // Short ids are small strings and long ones live on the heap; both must be found again.
            let ids = (0..<Int.random(in: 1...400, using: &random)).map { number in
                "c\(number)" + (Bool.random(using: &random) ? "-an-id-too-long-to-be-a-small-string" : "")
            }
            var records: [Record] = []
            for _ in 0..<(2 * ids.count) {
                if Int.random(in: 0..<10, using: &random) == 0 {
                    records.append(.seen(SeenKey(key: "id:x", at: Instant(milliseconds: 1))))
                    continue
                }
                let id = ids.randomElement(using: &random)!
                let entry = sampleEntry(id, state: states.randomElement(using: &random)!)
                records.append(.entry(entry.marked(arrival: Bool.random(using: &random))))
            }

            var order: [String] = []
            var last: [String: EntryRecord] = [:]
            var firstIsArrival: [String: Bool] = [:]
            for case .entry(let entry) in records {
                if last[entry.id] == nil {
                    order.append(entry.id)
                    firstIsArrival[entry.id] = entry.isArrival
                }
                last[entry.id] = entry
            }
            let changes = RecordChanges(records)
            #expect(changes.entries == order.map { last[$0]! })
            #expect(changes.live == order.map { last[$0]! }.filter { !$0.state.isTerminal })
            #expect(changes.finished == order.filter { last[$0]!.state.isTerminal && !firstIsArrival[$0]! })
            let seenCount = records.filter { if case .seen = $0 { true } else { false } }.count
            #expect(changes.seen.count == seenCount)
        }
    }
}
