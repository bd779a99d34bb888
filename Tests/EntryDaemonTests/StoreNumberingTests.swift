import EntryHost
import EntryRouter
import Testing
@testable import EntryDaemon

/// Generated ids never repeat: the largest number ever stored is kept in `meta`, so neither deleting
/// every entry nor a restart brings a number back.
@Suite struct StoreNumberingTests {
    /// Only ids the router generates count, read as schema 3's `number` column read them.
    @Test(arguments: [("e-1", 1), ("e-0007", 7), ("e-" + String(repeating: "9", count: 18), 999_999_999_999_999_999),
                      ("e-", nil), ("e-1a", nil), ("E-1", nil), ("x-1", nil), ("e--1", nil), ("e-1 ", nil),
                      ("e-" + String(repeating: "1", count: 19), nil), ("e-\u{0661}", nil)] as [(String, Int64?)])
    func generatedNumbers(id: String, number: Int64?) {
        #expect(RecordChanges.generatedNumber(of: id) == number)
    }

    /// A commit records a larger generated number in `meta`, in its own transaction, and nothing else.
    @Test func commitsKeepTheLargestNumberInMeta() throws {
        let store = try SQLiteStore(path: ":memory:")
        let recorded = { try store.database.scalarInt64(SQLiteStore.selectMeta, [.text(SQLiteStore.largestNumberKey)]) }
        try store.commit([.entry(sampleEntry("sender-77"))])
        #expect(try recorded() == nil)
        try store.commit([.entry(sampleEntry("e-4")), .entry(sampleEntry("e-3"))])
        #expect(try recorded() == 4)
        try store.commit([.entry(sampleEntry("e-2")), .entry(sampleEntry("sender-78"))])
        #expect(try recorded() == 4 && store.nextEntryNumber() == 5)
    }

    @Test func numberingGoesOnAfterEveryEntryFinishedAndAcrossARestart() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try store.commit([.entry(sampleEntry("e-9")), .entry(sampleEntry("e-10")), .entry(sampleEntry("sender-77"))])
            try store.commit([.entry(sampleEntry("e-9", state: .done)), .entry(sampleEntry("e-10", state: .replaced)),
                              .entry(sampleEntry("sender-77", state: .done))])
            #expect(try store.database.scalarInt64("SELECT count(*) FROM entries") == 0)
            #expect(try store.load().nextEntryNumber == 11)
        }
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.load().nextEntryNumber == 11)
            try store.commit([.entry(sampleEntry("e-11", state: .done))])
        }
        #expect(try SQLiteStore(path: path).load().nextEntryNumber == 12)
    }

    @Test func theRecordedNumberNeverGoesDown() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.commit([.entry(sampleEntry("e-50", state: .done))])
        try store.commit([.entry(sampleEntry("e-3", state: .done))])
        #expect(try store.load().nextEntryNumber == 51)
    }
}
