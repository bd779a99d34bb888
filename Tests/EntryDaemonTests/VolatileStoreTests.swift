import EntryHost
import EntryRouter
import Testing
@testable import EntryDaemon

@Suite struct VolatileStoreTests {
    private static func entry(_ id: String, _ state: EntryState) -> EntryRecord {
        EntryRecord(id: id, source: .push, route: "invitation", params: [:], collapseId: nil, kind: "invitation",
                    priority: 2, identity: nil, received: Instant(seconds: 1), expires: nil, state: state, scene: nil)
    }

    /// Nothing committed to `:memory:` is kept: a start-up on it is a fresh start.
    @Test func keepsNothing() throws {
        let store = VolatileStore()
        try store.commit([.entry(Self.entry("e-1", .pending)), .entry(Self.entry("e-7", .pending)),
                          .seen(SeenKey(key: "k", at: Instant(seconds: 2)))])
        let state = try store.load()
        #expect(state.entries.isEmpty && state.seen.isEmpty && state.nextEntryNumber == 1)
        #expect(try store.integrityCheck() == "ok")
        #expect(store.location == ":memory:")
        #expect(!store.keepsRecords)
    }

    /// A daemon on it still answers a repeated id as a duplicate and numbers generated ids on: the
    /// router keeps those, not the store.
    @Test func aDaemonOnItStillAnswersADuplicateAndNumbersIds() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let client = try daemon.client()
        func reply(_ line: String) throws -> JSONValue? {
            try client.send(line)
            return try client.readLine(timeoutMilliseconds: 5000).flatMap { try? JSONValue.parse($0[...]) }
        }
        let push = #"{"op":"push","req":1,"id":"same","payload":{"type":"record","recordId":7}}"#
        #expect(try reply(push)?["state"]?.stringValue == "pending")
        #expect(try reply(push)?["state"]?.stringValue == "duplicate")
        let first = try reply(#"{"op":"push","req":2,"payload":{"type":"record","recordId":8}}"#)
        let second = try reply(#"{"op":"push","req":3,"payload":{"type":"record","recordId":9}}"#)
        #expect(first?["id"]?.stringValue == "e-1")
        #expect(second?["id"]?.stringValue == "e-2")
    }

    /// The daemon's router builds no records for it (they would be dropped); for a store that keeps
    /// them, it persists. A push through each gets the same reply.
    @Test func theRouterBuildsNoRecordsForIt() throws {
        let config = try RouterSetup.loadConfig(path: nil)
        let now = Instant(seconds: 1_700_000_000)
        var volatile = try RouterSetup.makeRouter(config: config, limits: RouterLimits(), store: VolatileStore(), at: now)
        var kept = try RouterSetup.makeRouter(config: config, limits: RouterLimits(),
                                              store: try SQLiteStore(path: ":memory:"), at: now)
        #expect(!volatile.router.persisting)
        #expect(kept.router.persisting)
        let line = #"{"op":"push","req":1,"id":"p","payload":{"type":"record","recordId":7}}"#
        let request = try Request.decode(line: Array(line.utf8)[...]).get()
        func turn(_ router: inout Router) -> [Effect] {
            _ = router.handle(.request(ConnectionID(1), request), at: now)
            return router.handle(.turnEnded, at: now)
        }
        let volatileEffects = turn(&volatile.router)
        let keptEffects = turn(&kept.router)
        let persists = keptEffects.filter { if case .persist = $0 { true } else { false } }
        #expect(persists.count == 2)
        #expect(volatileEffects == Array(keptEffects.dropFirst(persists.count)))
        #expect(volatileEffects.count == 1)
    }
}
