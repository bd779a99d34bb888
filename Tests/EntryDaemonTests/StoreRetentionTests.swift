import EntryRouter
import Testing
@testable import EntryDaemon

/// A clock a test moves by hand, so entries age a day without waiting one.
final class TestClock {
    var milliseconds: Int64

    init(_ milliseconds: Int64 = 1_700_000_000_000) {
        self.milliseconds = milliseconds
    }

    var now: Instant { Instant(milliseconds: milliseconds) }

    func advance(by milliseconds: Int64) {
        self.milliseconds += milliseconds
    }
}

/// Finished entries are deleted one dedupe window after their last change, a batch at a time; live
/// ones never are, and generated numbers go on after the newest entries are gone.
@Suite struct StoreRetentionTests {
    private let window = SQLiteStore.defaultSeenWindowMilliseconds

    /// The ids of every row in the file, live or finished, sorted.
    private func storedIDs(_ store: SQLiteStore) throws -> [String] {
        var ids: [String] = []
        try store.database.prepare("SELECT id FROM entries ORDER BY id").query { (row: Statement) throws(SQLiteError) in
            ids.append(row.text(0) ?? "")
        }
        return ids
    }

    private func rowCount(_ store: SQLiteStore) throws -> Int64 {
        try store.database.scalarInt64("SELECT count(*) FROM entries") ?? -1
    }

    private func seenKey(_ key: String, _ clock: TestClock) -> Record {
        .seen(SeenKey(key: key, at: clock.now))
    }

    @Test func oldFinishedEntriesGoAndLiveOrRecentlyChangedOnesStay() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([.entry(sampleEntry("e-1")), .entry(sampleEntry("e-2", state: .done)),
                          .entry(sampleEntry("e-3", state: .replaced)), .entry(sampleEntry("e-4", state: .queued)),
                          .entry(sampleEntry("e-5", state: .presenting)), .entry(sampleEntry("e-6"))])
        clock.advance(by: window - 60_000)
        // Received a day ago, finished just now: its last change counts, not its arrival.
        try store.commit([.entry(sampleEntry("e-6", state: .done)), .entry(sampleEntry("e-7", state: .expired))])
        clock.advance(by: 60_001)
        try store.commit([seenKey("id:a", clock)])
        #expect(try storedIDs(store) == ["e-1", "e-4", "e-5", "e-6", "e-7"])
        #expect(try store.load().entries.map(\.id) == ["e-1", "e-4", "e-5"])
        clock.advance(by: window)
        try store.commit([seenKey("id:b", clock)])
        #expect(try storedIDs(store) == ["e-1", "e-4", "e-5"])
    }

    @Test(arguments: EntryState.allCases)
    func onlyFinishedStatesArePruned(state: EntryState) throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([.entry(sampleEntry("e-1", state: state))])
        clock.advance(by: window + 1)
        try store.commit([seenKey("id:a", clock)])
        #expect(try rowCount(store) == (state.isTerminal ? 0 : 1))
    }

    @Test func aPruneRunsAtMostOnceAMinuteOfCommits() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([.entry(sampleEntry("e-1", state: .done))])
        clock.advance(by: 30_000)
        try store.commit([.entry(sampleEntry("e-2", state: .done))])
        clock.advance(by: window - 20_000)
        try store.commit([seenKey("id:a", clock)])
        #expect(try storedIDs(store) == ["e-2"])
        // e-2 is out of the window 20 s later, but the last prune was only 30 s ago.
        clock.advance(by: 30_000)
        try store.commit([seenKey("id:b", clock)])
        #expect(try storedIDs(store) == ["e-2"])
        clock.advance(by: 30_000)
        try store.commit([seenKey("id:c", clock)])
        #expect(try storedIDs(store) == [])
    }

    /// A wall clock set back an hour must not hold pruning off for that hour.
    @Test func aClockSetBackPrunesAtTheNextCommit() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([seenKey("id:a", clock)])
        #expect(store.lastPrune == clock.now)
        let first = clock.now
        clock.advance(by: 10_000)
        try store.commit([seenKey("id:b", clock)])
        #expect(store.lastPrune == first)
        clock.advance(by: -3_600_000)
        try store.commit([seenKey("id:c", clock)])
        #expect(store.lastPrune == clock.now)
    }

    @Test func aBacklogIsWorkedOffOneBatchASecond() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        let batch = SQLiteStore.pruneBatch
        let total = 2 * batch + 500
        try store.commit((1...total).map { .entry(sampleEntry("e-\($0)", state: .done, received: clock.milliseconds)) })
        try store.commit([.entry(sampleEntry("live", received: clock.milliseconds))])
        clock.advance(by: window + 1)
        try store.commit([seenKey("id:a", clock)])
        #expect(try rowCount(store) == Int64(total - batch + 1))
        #expect(store.sweepAfter != 0)
        clock.advance(by: 999)
        try store.commit([seenKey("id:b", clock)])
        #expect(try rowCount(store) == Int64(total - batch + 1))
        clock.advance(by: 1)
        try store.commit([seenKey("id:c", clock)])
        #expect(try rowCount(store) == Int64(total - 2 * batch + 1))
        clock.advance(by: 1_000)
        try store.commit([seenKey("id:d", clock)])
        #expect(try storedIDs(store) == ["live"])
        // The sweep reached the end: the next one starts from the first row, a minute later.
        #expect(store.sweepAfter == 0)
    }

    /// A sweep ends at the first row received after the cutoff: nothing after it can have finished
    /// before, so the next prune starts from the first row and finds the rows passed over once they age.
    @Test func aSweepEndsAtTheFirstRecentArrival() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        let start = clock.milliseconds
        try store.commit([.entry(sampleEntry("e-1", state: .done, received: start)),
                          .entry(sampleEntry("e-2", received: start))])
        clock.advance(by: 100)
        // e-4 was received before e-3 by a clock that was set back in between.
        try store.commit([.entry(sampleEntry("e-3", state: .done, received: start + 100)),
                          .entry(sampleEntry("e-4", state: .done, received: start))])
        #expect(try store.prune(changedBefore: start + 50, limit: 3) == 1)
        #expect(try storedIDs(store) == ["e-2", "e-3", "e-4"])
        #expect(store.sweepAfter == 0)
        #expect(try store.prune(changedBefore: start + 50, limit: 1) == 0)
        #expect(store.sweepAfter != 0)
        #expect(try store.prune(changedBefore: start + 200, limit: 3) == 2)
        #expect(try storedIDs(store) == ["e-2"])
        #expect(store.sweepAfter == 0)
    }

    @Test func pruneDeletesAtMostItsLimitOldestFirst() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        for number in 1...5 {
            try store.commit([.entry(sampleEntry("e-\(number)", state: .done))])
            clock.advance(by: 1)
        }
        #expect(try store.prune(changedBefore: clock.milliseconds, limit: 2) == 2)
        #expect(try storedIDs(store) == ["e-3", "e-4", "e-5"])
        #expect(try store.prune(changedBefore: clock.milliseconds - 1, limit: 10) == 2)
        #expect(try storedIDs(store) == ["e-5"])
        #expect(try store.prune(changedBefore: clock.milliseconds - 1, limit: 10) == 0)
    }

    @Test func numberingGoesOnAfterEveryEntryWasPrunedAndAcrossARestart() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let clock = TestClock()
        do {
            let store = try SQLiteStore(path: path, clock: { clock.now })
            try store.commit([.entry(sampleEntry("e-9", state: .done)), .entry(sampleEntry("e-10", state: .replaced)),
                              .entry(sampleEntry("sender-77", state: .done))])
            clock.advance(by: window + 1)
            try store.commit([seenKey("id:a", clock)])
            #expect(try rowCount(store) == 0)
            #expect(try store.load().nextEntryNumber == 11)
        }
        do {
            let store = try SQLiteStore(path: path, clock: { clock.now })
            #expect(try store.load().nextEntryNumber == 11)
            try store.commit([.entry(sampleEntry("e-11", state: .done))])
            clock.advance(by: window + 1)
            try store.commit([seenKey("id:b", clock)])
            #expect(try rowCount(store) == 0)
        }
        #expect(try SQLiteStore(path: path).load().nextEntryNumber == 12)
    }

    @Test func theRecordedNumberNeverGoesDown() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([.entry(sampleEntry("e-50", state: .done))])
        try store.prune(changedBefore: clock.milliseconds + 1)
        try store.commit([.entry(sampleEntry("e-3", state: .done))])
        try store.prune(changedBefore: clock.milliseconds + 1)
        #expect(try store.load().nextEntryNumber == 51)
    }

    @Test func aPrunedFileStaysSound() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let clock = TestClock()
        do {
            let store = try SQLiteStore(path: path, clock: { clock.now })
            try store.commit((1...3_000).map { number in
                .entry(sampleEntry("e-\(number)", state: number % 3 == 0 ? .pending : .done, received: clock.milliseconds))
            })
            clock.advance(by: window + 1)
            try store.commit([seenKey("id:a", clock)])
            // The first batch deletes the finished among the rows it reads, and keeps every third, live.
            let deleted = (1...SQLiteStore.pruneBatch).filter { $0 % 3 != 0 }.count
            #expect(try rowCount(store) == 3_000 - Int64(deleted))
            #expect(try store.integrityCheck() == "ok")
        }
        let verified = Spawned.run(Spawned.entryd, ["verify-store", "--store", path])
        #expect(verified.waitForExit() == 0)
        #expect(verified.stdoutText == "\(path): ok\n")
    }

    /// The sweep reads the table from where it stopped, and the delete only the range it read: by
    /// rowid, never from the table's start.
    @Test(arguments: [SQLiteStore.sweep, SQLiteStore.deleteFinished])
    func pruningSeeksByRowid(statement: String) throws {
        let store = try SQLiteStore(path: ":memory:")
        var plan: [String] = []
        try store.database.prepare("EXPLAIN QUERY PLAN " + statement).query { (row: Statement) throws(SQLiteError) in
            plan.append(row.text(3) ?? "")
        }
        #expect(plan.contains { $0.hasPrefix("SEARCH entries USING INTEGER PRIMARY KEY (rowid>?") })
        #expect(!plan.contains { $0.hasPrefix("SCAN entries") })
    }

    /// Only ids the router generates count, read as schema 3's `number` column read them.
    @Test(arguments: [("e-1", 1), ("e-0007", 7), ("e-" + String(repeating: "9", count: 18), 999_999_999_999_999_999),
                      ("e-", nil), ("e-1a", nil), ("E-1", nil), ("x-1", nil), ("e--1", nil), ("e-1 ", nil),
                      ("e-" + String(repeating: "1", count: 19), nil), ("e-\u{0661}", nil)] as [(String, Int64?)])
    func generatedNumbers(id: String, number: Int64?) {
        #expect(SQLiteStore.generatedNumber(of: id) == number)
    }

    /// A commit records a larger generated number in `meta`, in its own transaction, and nothing else.
    @Test func commitsKeepTheLargestNumberInMeta() throws {
        let store = try SQLiteStore(path: ":memory:")
        let recorded = { try store.database.scalarInt64(SQLiteStore.selectLargestNumber) }
        try store.commit([.entry(sampleEntry("sender-77"))])
        #expect(try recorded() == nil)
        try store.commit([.entry(sampleEntry("e-4")), .entry(sampleEntry("e-3"))])
        #expect(try recorded() == 4)
        try store.commit([.entry(sampleEntry("e-2")), .entry(sampleEntry("sender-78"))])
        #expect(try recorded() == 4 && store.nextEntryNumber() == 5)
    }
}
