@testable import EntryRouter
import Testing
@testable import EntryDaemon

/// The file keeps only live entries: a finished entry is deleted by the commit that records it, and
/// one that arrives and finishes within a commit is never written.
@Suite struct StoreLiveOnlyTests {
    private func arrival(_ id: String, state: EntryState = .pending) -> Record {
        .entry(sampleEntry(id, state: state).marked(arrival: true))
    }

    private func change(_ id: String, to state: EntryState) -> Record {
        .entry(sampleEntry(id, state: state))
    }

    /// The ids of every row in the file, sorted.
    private func storedIDs(_ store: SQLiteStore) throws -> [String] {
        var ids: [String] = []
        try store.database.prepare("SELECT id FROM entries ORDER BY id").query { (row: Statement) throws(SQLiteError) in
            ids.append(row.text(0) ?? "")
        }
        return ids
    }

    /// Rows inserted, updated or deleted on the store's connection so far.
    private func totalChanges(_ store: SQLiteStore) throws -> Int64 {
        try store.database.scalarInt64("SELECT total_changes()") ?? -1
    }

    @Test(arguments: EntryState.allCases.filter(\.isTerminal))
    func aStoredEntryThatFinishesIsDeleted(state: EntryState) throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([arrival("a"), arrival("b")])
        try store.commit([change("a", to: state)])
        #expect(try storedIDs(store) == ["b"])
        #expect(try store.load().entries.map(\.id) == ["b"])
    }

    @Test(arguments: EntryState.allCases.filter { !$0.isTerminal })
    func aStoredEntryThatMovesOnIsKept(state: EntryState) throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([arrival("a")])
        try store.commit([change("a", to: state)])
        #expect(try store.load().entries.map(\.state) == [state])
    }

    /// Arrived and replaced in one turn: not a row touched, only the seen key written.
    @Test func anEntryThatArrivesAndFinishesInOneCommitCostsNothing() throws {
        let store = try SQLiteStore(path: ":memory:")
        let before = try totalChanges(store)
        try store.commit([arrival("a"), change("a", to: .replaced), arrival("b", state: .duplicate)])
        #expect(try totalChanges(store) == before)
        try store.commit([arrival("c"), change("c", to: .replaced), .seen(SeenKey(key: "id:c", at: Instant(milliseconds: 1)))])
        #expect(try totalChanges(store) == before + 1)
        #expect(try storedIDs(store) == [])
    }

    /// A generated id that was never stored still counts: the next daemon must not hand it out again.
    @Test func anUnstoredGeneratedIdStillCountsForTheNextNumber() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try SQLiteStore(path: path).commit([arrival("e-7"), change("e-7", to: .replaced), arrival("e-8")])
        let loaded = try SQLiteStore(path: path).load()
        #expect(loaded.entries.map(\.id) == ["e-8"])
        #expect(loaded.nextEntryNumber == 9)
    }

    /// A final record not marked as an arrival may be of a stored entry: it is deleted, and deleting a
    /// row that is not there is harmless.
    @Test func anUnmarkedFinalRecordOfAnUnstoredEntryDeletesNothing() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([arrival("a")])
        try store.commit([change("b", to: .retracted)])
        #expect(try storedIDs(store) == ["a"])
    }

    /// The first record decides whether the entry may be stored, the last what becomes of it: an id
    /// that finishes and arrives again within a commit ends as its last record says.
    @Test func anIdThatArrivesAgainInOneCommitEndsAsItsLastRecord() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([arrival("new"), change("new", to: .expired), arrival("new")])
        try store.commit([arrival("old")])
        try store.commit([change("old", to: .done), arrival("old", state: .queued)])
        #expect(try store.load().entries.map(\.id) == ["new", "old"])
        #expect(try store.load().entries.map(\.state) == [.pending, .queued])
        try store.commit([change("old", to: .done), arrival("old"), change("old", to: .replaced)])
        #expect(try storedIDs(store) == ["new"])
    }

    /// A live entry's later changes keep its row, and so its place among entries received at the same
    /// instant.
    @Test func aLiveEntryKeepsItsPlaceAcrossChanges() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([arrival("b"), arrival("a"), arrival("c")])
        try store.commit([change("b", to: .presenting), change("c", to: .done)])
        #expect(try store.load().entries.map(\.id) == ["b", "a"])
    }
}
