import EntryDaemon
import EntryRouter
import Testing

struct LogTests {
    static let time = Instant(milliseconds: 1_700_000_000_123)

    @Test func logfmtQuotesOnlyWhatNeedsIt() {
        let line = Log.line(time: LogTests.time, level: .warn, message: "connection closed",
                            fields: ["conn": "c1", "reason": "peer \"x\"", "empty": ""], format: .logfmt)
        #expect(line == #"time=2023-11-14T22:13:20.123Z level=warn msg="connection closed" conn=c1 reason="peer \"x\"" empty="""#)
    }

    @Test func jsonIsOneObject() {
        let line = Log.line(time: LogTests.time, level: .info, message: "serving", fields: ["socket": "/tmp/s"], format: .json)
        #expect(line == #"{"time":"2023-11-14T22:13:20.123Z","level":"info","msg":"serving","socket":"/tmp/s"}"#)
    }
}

struct MemoryStoreTests {
    static func entry(_ id: String, _ state: EntryState) -> EntryRecord {
        EntryRecord(id: id, source: .push, route: "invitation", params: [:], collapseId: nil, kind: "invitation",
                    priority: 2, identity: nil, received: Instant(seconds: 1), expires: nil, state: state, scene: nil)
    }

    @Test func keepsLiveEntriesAndTheNextNumber() throws {
        let store = MemoryStore()
        try store.commit([.entry(MemoryStoreTests.entry("e-1", .pending)), .entry(MemoryStoreTests.entry("e-7", .pending)),
                          .seen(SeenKey(key: "k", at: Instant(seconds: 2)))])
        try store.commit([.entry(MemoryStoreTests.entry("e-1", .presented))])
        let state = try store.load()
        #expect(state.entries.map(\.id) == ["e-7"])
        #expect(state.seen == [SeenKey(key: "k", at: Instant(seconds: 2))])
        #expect(state.nextEntryNumber == 8)
    }
}
