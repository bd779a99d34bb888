import EntryRouter
import Testing
@testable import EntryDaemon

/// A clock a test moves by hand, so minutes pass without waiting.
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

/// The file gives back the pages of entries that finished: a bounded shrink at most once a minute of
/// commits, once the free list is large.
@Suite struct StoreShrinkingTests {
    private func pragma(_ store: SQLiteStore, _ name: String) throws -> Int64 {
        try store.database.scalarInt64("PRAGMA \(name)") ?? -1
    }

    private func seenKey(_ key: String, _ clock: TestClock) -> Record {
        .seen(SeenKey(key: key, at: clock.now))
    }

    @Test(arguments: [true, false])
    func aNewStoreShrinksIncrementally(inFile: Bool) throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: inFile ? directory.file("entryd.sqlite") : ":memory:")
        #expect(try pragma(store, "auto_vacuum") == SQLiteStore.incrementalAutoVacuum)
    }

    /// A file from before schema 5 has no auto-vacuum; opening it switches it on and keeps its entries.
    @Test func anOlderFileIsSwitchedToIncrementalAutoVacuum() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA journal_mode = WAL")
            for step in Migrations.steps where step.version <= 4 { try database.execute(step.sql) }
            try database.execute("PRAGMA user_version = 4; PRAGMA application_id = \(Migrations.applicationID)")
            try database.execute("""
                INSERT INTO entries (id, source, route, params, received_ms, state)
                VALUES ('e-1', 'push', 'invitation', '{}', 1000, 'pending'), ('e-2', 'push', 'invitation', '{}', 1000, 'done')
                """)
            #expect(try database.scalarInt64("PRAGMA auto_vacuum") == 0)
        }
        let store = try SQLiteStore(path: path)
        #expect(try pragma(store, "auto_vacuum") == SQLiteStore.incrementalAutoVacuum)
        #expect(try store.load().entries.map(\.id) == ["e-1"])
        #expect(try store.integrityCheck() == "ok")
    }

    /// 100 000 pending entries finish: their pages are freed at once, and given back a bounded number
    /// at a time, a minute of commits apart, until the free list is small. The file on disk follows.
    @Test func aFileThatHeld100000PendingEntriesShrinksAfterTheyFinish() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let clock = TestClock()
        let count = 100_000
        let full: Int64
        var pages: Int64
        do {
            let store = try SQLiteStore(path: path, clock: { clock.now })
            try store.commit((1...count).map { .entry(sampleEntry("e-\($0)", params: ["sessionId": "s\($0)"])) })
            full = try pragma(store, "page_count")
            #expect(full > 2 * SQLiteStore.shrinkPages)
            try store.commit((1...count).map { .entry(sampleEntry("e-\($0)", state: .done)) })
            #expect(try pragma(store, "page_count") == full)
            #expect(try pragma(store, "freelist_count") > full - 20)
            var shrinks = 0
            pages = full
            while try pragma(store, "freelist_count") >= SQLiteStore.shrinkThreshold {
                clock.advance(by: SQLiteStore.shrinkInterval - 1)
                try store.commit([seenKey("id:early-\(shrinks)", clock)])
                #expect(try pragma(store, "page_count") == pages, "a shrink came before its minute was up")
                let free = try pragma(store, "freelist_count")
                clock.advance(by: 1)
                try store.commit([seenKey("id:due-\(shrinks)", clock)])
                // The free list loses exactly the pages given back; the file those and the pointer-map
                // pages that kept track of them.
                #expect(try free - pragma(store, "freelist_count") == min(free, SQLiteStore.shrinkPages))
                let now = try pragma(store, "page_count")
                #expect(now < pages - min(free, SQLiteStore.shrinkPages) + 1)
                pages = now
                shrinks += 1
                try #require(shrinks < 100)
            }
            #expect(pages < SQLiteStore.shrinkThreshold + 16)
            #expect(try store.load().nextEntryNumber == UInt64(count) + 1)
            #expect(try store.integrityCheck() == "ok")
        }
        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.load().entries.isEmpty)
        let bytes = try #require(fileBytes(path)).count
        #expect(Int64(bytes) <= pages * (try pragma(reopened, "page_size")))
    }

    @Test func aShrinkFreesAtMostItsLimitAndNothingBelowItsThreshold() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit((1...5_000).map { .entry(sampleEntry("e-\($0)")) })
        try store.commit((1...5_000).map { .entry(sampleEntry("e-\($0)", state: .done)) })
        let free = try pragma(store, "freelist_count")
        #expect(free > 20)
        #expect(try store.shrink(threshold: free + 1) == 0)
        #expect(try store.shrink(threshold: 1, limit: 10) == 10)
        #expect(try pragma(store, "freelist_count") == free - 10)
        #expect(try store.shrink(threshold: 1, limit: free) == free - 10)
        #expect(try pragma(store, "freelist_count") == 0)
        #expect(try store.shrink(threshold: 0) == 0)
    }

    /// A wall clock set back an hour must not hold shrinking off for that hour.
    @Test func aClockSetBackShrinksAtTheNextCommit() throws {
        let clock = TestClock()
        let store = try SQLiteStore(path: ":memory:", clock: { clock.now })
        try store.commit([seenKey("id:a", clock)])
        #expect(store.lastShrink == clock.now)
        let first = clock.now
        clock.advance(by: 10_000)
        try store.commit([seenKey("id:b", clock)])
        #expect(store.lastShrink == first)
        clock.advance(by: -3_600_000)
        try store.commit([seenKey("id:c", clock)])
        #expect(store.lastShrink == clock.now)
    }
}
