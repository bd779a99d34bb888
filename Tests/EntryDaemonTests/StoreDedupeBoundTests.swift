@testable import EntryDaemon
import EntryRouter
import Testing

/// `--max-dedupe-keys` in the store: a commit deletes the oldest rows of seen keys while the rest
/// hold the bound, so the file keeps the newest keys and at most one row's worth more.
@Suite struct StoreDedupeBoundTests {
    static func keys(_ names: [String], at milliseconds: Int64) -> [Record] {
        names.map { .seen(SeenKey(key: "id:" + $0, at: Instant(milliseconds: milliseconds))) }
    }

    @Test func theOldestRowsGoOnceTheRestHoldTheBound() throws {
        let store = try SQLiteStore(path: ":memory:", maxSeenKeys: 3)
        let rows = { try store.database.scalarInt64("SELECT count(*) FROM seen_batches") }
        try store.commit(Self.keys(["a", "b"], at: 1))
        try store.commit(Self.keys(["c"], at: 2))
        try store.commit(Self.keys(["d"], at: 3))
        // a and b are one row: deleting it would leave two keys, under the bound.
        #expect(try store.load().seen.map(\.key) == ["id:a", "id:b", "id:c", "id:d"])
        try store.commit(Self.keys(["e"], at: 4))
        #expect(try store.load().seen.map(\.key) == ["id:c", "id:d", "id:e"])
        #expect(try rows() == 3)
        try store.commit(Self.keys(["f", "g", "h", "i"], at: 5))
        #expect(try store.load().seen.map(\.key) == ["id:f", "id:g", "id:h", "id:i"])
        #expect(try rows() == 1)
    }

    /// A store that held more keys than the bound it is opened with counts them at its first commit.
    @Test func aStoreReopenedWithALowerBoundIsTrimmedAtItsFirstCommit() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            for n in 0..<10 { try store.commit(Self.keys(["k\(n)"], at: Int64(n))) }
        }
        let store = try SQLiteStore(path: path, maxSeenKeys: 4)
        try store.commit(Self.keys(["new"], at: 10))
        #expect(try store.load().seen.map(\.key) == ["id:k7", "id:k8", "id:k9", "id:new"])
    }
}
