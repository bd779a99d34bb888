@testable import EntryDaemon
@testable import EntryRouter
import SeededRandom
import Testing

/// A commit's fold finds each entry again by its id however many share the turn: checked against a
/// fold by dictionary over random turns of a few to a few hundred entries.
@Suite struct StoreChangesTests {
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
            let changes = SQLiteStore.Changes(records)
            #expect(changes.entries == order.map { last[$0]! })
            #expect(changes.live == order.map { last[$0]! }.filter { !$0.state.isTerminal })
            #expect(changes.finished == order.filter { last[$0]!.state.isTerminal && !firstIsArrival[$0]! })
            let seenCount = records.filter { if case .seen = $0 { true } else { false } }.count
            #expect(changes.seen.count == seenCount)
        }
    }
}
