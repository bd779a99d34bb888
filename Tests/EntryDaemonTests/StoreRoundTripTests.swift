import EntryHost
import EntryRouter
import Testing
@testable import EntryDaemon

@Suite struct StoreRoundTripTests {
    @Test func committedEntriesAndSeenKeysSurviveReopening() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let full = EntryRecord(
            id: "e-1", source: .universalLink, route: "invitation",
            params: ["sessionId": "abc", "inviter": "Kim \"Q\" \\ 김\n\t\u{1}", "": "empty key", "empty": ""],
            collapseId: "invite-abc", kind: "invitation", priority: 2, identity: "abc",
            received: Instant(milliseconds: 1_700_000_000_123), expires: Instant(milliseconds: 1_700_000_300_123),
            state: .presenting, scene: "main")
        let bare = EntryRecord(
            id: "sender-42", source: .deeplink, route: "recordDetail", params: [:], collapseId: nil, kind: nil,
            priority: nil, identity: nil, received: Instant(milliseconds: 1_700_000_000_124), expires: nil, state: .pending, scene: nil)
        let seen = SeenKey(key: "launch:materunner://invite/abc", at: Instant(milliseconds: 1_700_000_000_000))
        do {
            let store = try SQLiteStore(path: path)
            try store.commit([.entry(full), .seen(seen), .entry(bare)])
        }
        let loaded = try SQLiteStore(path: path).load()
        #expect(loaded.entries == [full, bare])
        #expect(loaded.seen == [seen])
        #expect(loaded.nextEntryNumber == 2)
    }

    /// The store keeps a source as its name: every source, `deferred` too, reads back as written.
    @Test(arguments: EntrySource.allCases)
    func everySourceSurvivesReopening(source: EntrySource) throws {
        let store = try SQLiteStore(path: ":memory:")
        var entry = sampleEntry("e-1")
        entry.source = source
        try store.commit([.entry(entry)])
        #expect(try store.load().entries.map(\.source) == [source])
    }

    @Test(arguments: EntryState.allCases.filter(\.isTerminal))
    func terminalEntriesAreNotLoaded(state: EntryState) throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.entry(sampleEntry("e-1")), .entry(sampleEntry("e-2")), .entry(sampleEntry("e-3"))])
        try store.commit([.entry(sampleEntry("e-2", state: state))])
        #expect(try store.load().entries.map(\.id) == ["e-1", "e-3"])
    }

    @Test func liveEntriesLoadByReceivedInstantThenFirstInsertion() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.entry(sampleEntry("b", received: 2)), .entry(sampleEntry("a", received: 2))])
        try store.commit([.entry(sampleEntry("c", state: .presenting, received: 2)),
                          .entry(sampleEntry("b", state: .queued, received: 2))])
        let entries = try store.load().entries
        #expect(entries.map(\.id) == ["b", "a", "c"])
        #expect(entries.map(\.state) == [.queued, .pending, .presenting])
        try store.commit([.entry(sampleEntry("early", received: 1))])
        #expect(try store.load().entries.map(\.id) == ["early", "b", "a", "c"])
    }

    @Test(arguments: [
        ([], 1),
        (["e-1", "e-7", "e-3"], 8),
        (["x-100", "e-abc", "e-", "e-5x", "E-9", "e-2"], 3),
        (["e-0007"], 8),
    ] as [([String], UInt64)])
    func nextEntryNumberFollowsTheLargestGeneratedID(ids: [String], next: UInt64) throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit(ids.map { .entry(sampleEntry($0)) })
        #expect(try store.load().nextEntryNumber == next)
    }

    /// An entry recorded twice in one turn is written once, with its last record, where it first appeared.
    @Test func anEntryRecordedTwiceInOneTurnKeepsItsLastRecordAndFirstPlace() throws {
        let records: [Record] = [
            .entry(sampleEntry("e-1")), .entry(sampleEntry("e-2")), .seen(SeenKey(key: "id:a", at: Instant(milliseconds: 5))),
            .entry(sampleEntry("e-1", state: .queued)), .entry(sampleEntry("e-3", state: .replaced)),
        ]
        let changes = RecordChanges(records)
        #expect(changes.entries.map(\.id) == ["e-1", "e-2", "e-3"])
        #expect(changes.entries.map(\.state) == [.queued, .pending, .replaced])
        #expect(changes.live.map(\.id) == ["e-1", "e-2"])
        #expect(changes.finished == ["e-3"])
        #expect(changes.seen.map(\.key) == ["id:a"])
        let store = try SQLiteStore(path: ":memory:")
        try store.commit(records)
        let loaded = try store.load()
        #expect(loaded.entries.map(\.id) == ["e-1", "e-2"])
        #expect(loaded.entries.map(\.state) == [.queued, .pending])
        #expect(loaded.nextEntryNumber == 4)
    }

    @Test func consumedEntriesStillCountForTheNextNumber() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.entry(sampleEntry("e-1")), .entry(sampleEntry("e-20", state: .presented))])
        #expect(try store.load().nextEntryNumber == 21)
    }

    @Test func seenKeysOlderThanTheWindowBeforeTheNewestArePruned() throws {
        let hour: Int64 = 3_600_000
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.seen(SeenKey(key: "old", at: Instant(milliseconds: 0))),
                          .seen(SeenKey(key: "recent", at: Instant(milliseconds: 2 * hour)))])
        try store.commit([.seen(SeenKey(key: "new", at: Instant(milliseconds: 25 * hour)))])
        #expect(try store.load().seen.map(\.key) == ["recent", "new"])
    }

    /// A commit's keys are one row, and a row goes once its newest key is out of the window.
    @Test func aCommitsSeenKeysAreOneRowPrunedWhole() throws {
        let hour: Int64 = 3_600_000
        let store = try SQLiteStore(path: ":memory:")
        let rows = { try store.database.scalarInt64("SELECT count(*) FROM seen_batches") }
        try store.commit((0..<300).map { .seen(SeenKey(key: "id:\($0)", at: Instant(milliseconds: hour))) })
        #expect(try rows() == 1)
        try store.commit([.seen(SeenKey(key: "launch:app://x", at: Instant(milliseconds: 2 * hour)))])
        #expect(try rows() == 2)
        try store.commit([.seen(SeenKey(key: "id:late", at: Instant(milliseconds: 25 * hour + 1)))])
        #expect(try rows() == 2)
        #expect(try store.load().seen.map(\.key) == ["launch:app://x", "id:late"])
    }

    /// A row of seen keys that is not a packing of them (a damaged file) fails the load and says what,
    /// and the integrity check, which SQLite alone passes, finds it first.
    @Test func anUnreadableRowOfSeenKeysFailsTheLoadAndTheCheck() throws {
        let store = try SQLiteStore(path: ":memory:")
        #expect(try store.integrityCheck() == "ok")
        try store.database.execute("INSERT INTO seen_batches (newest_ms, keys) VALUES (1, x'0005696431')")
        #expect(try store.database.scalarText("PRAGMA integrity_check") == "ok")
        #expect {
            try store.load()
        } throws: { error in
            "\(error)".contains("a row of seen keys that this entryd cannot read")
        }
        #expect(try store.integrityCheck().contains("a row of seen keys that this entryd cannot read"))
    }

    /// The router records a key again only once its window has passed: the commit that stores the new
    /// sighting prunes the old one.
    @Test func aSeenKeySeenAnewAfterItsWindowKeepsItsLatestInstant() throws {
        let store = try SQLiteStore(path: ":memory:")
        let later = Instant(milliseconds: 10 + SQLiteStore.defaultSeenWindowMilliseconds + 1)
        try store.commit([.seen(SeenKey(key: "id-1", at: Instant(milliseconds: 10)))])
        try store.commit([.seen(SeenKey(key: "id-1", at: later))])
        #expect(try store.load().seen == [SeenKey(key: "id-1", at: later)])
    }

    /// A sighting committed again at its instant comes back as often as it was committed (the router
    /// restores it once; see `DedupeWindowTests`), and never as anything else.
    @Test func theSameSightingStoredTwiceComesBackAsItself() throws {
        let store = try SQLiteStore(path: ":memory:")
        let seen = SeenKey(key: "launch:app://x", at: Instant(milliseconds: 10))
        try store.commit([.seen(seen), .seen(seen)])
        try store.commit([.seen(seen)])
        #expect(try store.load().seen == [seen, seen, seen])
    }

    /// Keys stay as a table of one row per key, pruned by each commit, kept them, even after the wall
    /// clock went back: a row committed at a wrong, later time does not put the real keys out of the
    /// window, and is itself pruned by the first commit a window past it.
    @Test func aClockThatWentBackKeepsTheKeysCommittedSince() throws {
        let hour: Int64 = 3_600_000
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.seen(SeenKey(key: "id:real-0", at: Instant(milliseconds: 1 * hour)))])
        try store.commit([.seen(SeenKey(key: "id:ahead", at: Instant(milliseconds: 100 * hour)))])
        try store.commit([.seen(SeenKey(key: "id:real-1", at: Instant(milliseconds: 2 * hour)))])
        try store.commit([.seen(SeenKey(key: "id:real-2", at: Instant(milliseconds: 3 * hour)))])
        #expect(try store.load().seen.map(\.key) == ["id:ahead", "id:real-1", "id:real-2"])
        try store.commit([.seen(SeenKey(key: "id:late", at: Instant(milliseconds: 125 * hour)))])
        #expect(try store.load().seen.map(\.key) == ["id:late"])
    }

    @Test func freshStoreIsEmptyAndSound() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([])
        let state = try store.load()
        #expect(state.entries.isEmpty && state.seen.isEmpty && state.nextEntryNumber == 1)
        #expect(try store.integrityCheck() == "ok")
        #expect(store.location == ":memory:")
    }

    @Test func creatingAStoreStampsSchemaVersionApplicationIDAndWAL() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        _ = try SQLiteStore(path: path)
        let database = try Database(path: path, mode: .readOnly)
        #expect(try database.scalarInt64("PRAGMA user_version") == Int64(Migrations.latestVersion))
        #expect(Migrations.latestVersion == 7)
        #expect(try database.scalarInt64("PRAGMA application_id") == Int64(Migrations.applicationID))
        #expect(try database.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test func reopeningAStoreOfTheCurrentVersionKeepsIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try SQLiteStore(path: path).commit([.entry(sampleEntry("e-1"))])
        _ = try SQLiteStore(path: path)
        #expect(try SQLiteStore(path: path).load().entries.map(\.id) == ["e-1"])
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("empty.sqlite")
        #expect(writeFile(path, []))
        try SQLiteStore(path: path).commit([.entry(sampleEntry("e-1"))])
        #expect(try SQLiteStore(path: path).load().entries.count == 1)
    }

    /// A `kill -9` loses the process's memory but keeps what reached the files. Copying the store and its
    /// write-ahead log while the store is still open, right after `commit` returns, is that state: the copy
    /// must hold the commit.
    @Test func aCommitIsInTheFilesWhenCommitReturns() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let crashed = directory.file("crashed.sqlite")
        let store = try SQLiteStore(path: path)
        try store.commit([.entry(sampleEntry("e-1")), .seen(SeenKey(key: "id-1", at: Instant(milliseconds: 1)))])
        try store.commit([.entry(sampleEntry("e-1", state: .presented)), .entry(sampleEntry("e-2"))])
        try withExtendedLifetime(store) {
            let log = try #require(fileBytes(path + "-wal"))
            #expect(!log.isEmpty)
            #expect(writeFile(crashed, try #require(fileBytes(path))))
            #expect(writeFile(crashed + "-wal", log))
        }
        let state = try SQLiteStore(path: crashed).load()
        #expect(state.entries.map(\.id) == ["e-2"])
        #expect(state.seen.map(\.key) == ["id-1"])
        #expect(state.nextEntryNumber == 3)
    }
}
