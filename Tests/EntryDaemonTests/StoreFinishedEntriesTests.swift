@testable import EntryDaemon
import EntryRouter
import Testing

/// Every finished entry leaves the store, whatever its source (docs/PROTOCOL.md): the router's turns on the
/// real store file, for launch entries with an `action` (whose records carry steps) ending every
/// way a launch ends.
@Suite struct StoreFinishedEntriesTests {
    /// The sample config's router on a store file, each turn's records committed as the daemon does.
    struct Served {
        let store: SQLiteStore
        var router: Router
        var now = Instant(seconds: 1_700_000_000)

        init(path: String) throws {
            store = try SQLiteStore(path: path)
            router = try RouterSetup.makeRouter(config: try RouterSetup.loadConfig(path: nil), limits: RouterLimits(),
                                                store: store, at: now).router
        }

        /// Hands the lines (connection, request) to the router, ends the turn (or `ends` it), commits
        /// its records and returns what it sent.
        @discardableResult
        mutating func turn(_ lines: [(UInt64, String)], ends end: Input = .turnEnded) throws -> [Message] {
            for (connection, line) in lines {
                let request = try Request.decode(line: Array(line.utf8)[...]).get()
                _ = router.handle(.request(ConnectionID(connection), request), at: now)
            }
            let effects = router.handle(end, at: now)
            try store.commit(effects.compactMap { if case .persist(let record) = $0 { record } else { nil } })
            return effects.compactMap { if case .send(_, let message) = $0 { message } else { nil } }
        }

        func rows() throws -> Int64 {
            try store.database.scalarInt64("SELECT count(*) FROM entries") ?? -1
        }
    }

    /// 400 launches that chose `accept`, waiting for scenes that are not ready, end a quarter each
    /// retracted by id, retracted by their scene's reset, done once their steps are written, and
    /// expired; then the file holds none of them, and a restart loads none.
    @Test func launchesLeaveNoRowOnceTheyEnd() throws {
        let directory = TemporaryDirectory()
        try Self.endLaunches(400, in: directory.file("store.sqlite"))
        let reopened = try SQLiteStore(path: directory.file("store.sqlite"))
        #expect(try reopened.load().entries.isEmpty)
    }

    /// Opens `path` (exclusively, until this returns), admits `launches` launches and ends them.
    static func endLaunches(_ launches: Int, in path: String) throws {
        var served = try Served(path: path)
        func connection(_ n: Int) -> UInt64 { UInt64(n / 50 + 1) }
        try served.turn((0..<launches).map { n in
            (connection(n), #"{"op":"scene.connect","scene":"s-\#(n)","launch":{"url":"materunner://invite/run-\#(n)","action":"accept"}}"#)
        })
        #expect(try served.rows() == Int64(launches))

        let retracted = try served.turn((0..<launches).filter { $0 % 4 == 0 }.map { n in
            (connection(n), #"{"op":"retract","id":"e-\#(n + 1)"}"#)
        })
        #expect(retracted.count == launches / 4)
        try served.turn((0..<launches).filter { $0 % 4 == 1 }.map { n in
            (connection(n), #"{"op":"scene.reset","scene":"s-\#(n)"}"#)
        })
        let ready = (0..<launches).filter { $0 % 4 == 2 }
        try served.turn(ready.flatMap { n in
            [(connection(n), #"{"op":"scene.gate","scene":"s-\#(n)","gate":"signedIn","open":true}"#),
             (connection(n), #"{"op":"scene.appeared","scene":"s-\#(n)","screen":"home"}"#)]
        })
        for written in Set(ready.map(connection)).sorted() {
            _ = served.router.handle(.drained(ConnectionID(written)), at: served.now)
        }
        try served.turn([])
        served.now = Instant(milliseconds: served.now.milliseconds + 301_000)
        try served.turn([], ends: .timer)

        #expect(try served.rows() == 0)
    }

    /// A file an older entryd wrote keeps finished launches with their steps; loading it forgets
    /// them and deletes their rows, so they are not loaded at every restart.
    @Test func finishedRowsLeftByAnOlderStoreAreDeletedWhenLoaded() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("store.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            var kept = sampleEntry("e-1", state: .presented)
            kept.steps = [.start(flow: "run")]
            var finished = sampleEntry("e-2", state: .presented)
            finished.steps = [.start(flow: "run")]
            try store.commit([.entry(kept), .entry(finished), .entry(sampleEntry("e-3"))])
            try store.database.execute("UPDATE entries SET state = 'retracted' WHERE id = 'e-2'")
        }

        let reopened = try SQLiteStore(path: path)
        #expect(try reopened.load().entries.map(\.id) == ["e-1", "e-3"])
        #expect(try reopened.database.scalarInt64("SELECT count(*) FROM entries") == 2)
    }
}
