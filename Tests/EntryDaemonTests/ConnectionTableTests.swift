import EntryHost
import Testing
@testable import EntryDaemon
@testable import EntryRouter

/// The daemon performs a turn's result by committing its records once, before the first message of
/// the turn is staged (R16); after a failed commit it stages errors instead of ok replies, drops the
/// events, and commits nothing more. The table stages each connection once per turn.
@Suite struct ConnectionTableTests {
    /// Notes each commit, with whether any of `watched` had output staged then; fails every one when
    /// told to.
    final class NotingStore: EntryStore {
        var commits: [[Record]] = []
        var stagedAtCommit: [Bool] = []
        var watched: [Connection] = []
        let fails: Bool

        init(fails: Bool = false) { self.fails = fails }

        var location: String { "noting" }
        func load() throws(StoreError) -> StoredState { StoredState() }
        func integrityCheck() throws(StoreError) -> String { "ok" }

        func commit(_ records: [Record]) throws(StoreError) {
            commits.append(records)
            stagedAtCommit.append(watched.contains { $0.hasStagedOutput })
            if fails { throw StoreError(path: location, message: "disk full") }
        }
    }

    static func seen(_ id: String) -> Record {
        .seen(SeenKey(key: id, at: Instant(seconds: 1_000_000)))
    }

    static let entry = EntryReply(id: "e-1", route: "notice", params: RouteParams(), state: .pending)
    static let event = Event.scene(scene: "main", what: .ready)

    /// A turn with two records, an ok reply to connection 1, a push's reply to connection 2 and an
    /// event to connection 1.
    static func turn() -> TurnResult {
        var result = TurnResult()
        result.records = [seen("a"), seen("b")]
        result.entries = [EntryOutcome(reply: entry, arrived: true)]
        result.replies = [TurnReply(connection: ConnectionID(1), req: .number(1), body: .result(.success(.ok))),
                          TurnReply(connection: ConnectionID(2), req: .number(2), body: .entry(slot: 0))]
        result.events = [(ConnectionID(1), event)]
        return result
    }

    static func encoded(_ message: Message) -> Int {
        var line: [UInt8] = []
        message.encode(into: &line)
        return line.count
    }

    @Test func recordsAreCommittedTogetherBeforeAnyMessageIsStaged() throws {
        try withConnections(1, 2) { table, first, second in
            let store = NotingStore()
            store.watched = [first, second]
            var target: EntryStore? = store
            var turn = Self.turn()
            let failure = turn.commitAndStage(store: &target, on: &table)
            #expect(failure == nil)
            #expect(store.commits == [[Self.seen("a"), Self.seen("b")]], "one commit per turn")
            #expect(store.stagedAtCommit == [false], "nothing staged before the commit")
            #expect(first.stagedBytes == Self.encoded(.reply(Reply(req: .number(1), body: .success(.ok))))
                + Self.encoded(.event(Self.event)))
            #expect(second.stagedBytes == Self.encoded(.reply(Reply(req: .number(2), body: .success(.entry(Self.entry))))))
            #expect(target != nil)
        }
    }

    @Test func aTurnWithoutRecordsOrWithoutAStoreCommitsNothing() throws {
        try withConnections(1, 2) { table, _, second in
            let store = NotingStore()
            var target: EntryStore? = store
            var result = Self.turn()
            result.records = []
            _ = result.commitAndStage(store: &target, on: &table)
            #expect(store.commits.isEmpty, "a turn with no records commits nothing")
            var none: EntryStore?
            var turn = Self.turn()
            #expect(turn.commitAndStage(store: &none, on: &table) == nil)
            #expect(second.hasStagedOutput, "the replies are staged all the same")
        }
    }

    /// A failed commit turns the turn's ok replies into errors, drops its events, and leaves no store
    /// to commit to: the next turn commits nothing and is sent as it is.
    @Test func aFailedCommitSendsErrorsAndStopsCommittingForGood() throws {
        try withConnections(1, 2) { table, first, second in
            let store = NotingStore(fails: true)
            var target: EntryStore? = store
            var result = Self.turn()
            result.replies.append(TurnReply(connection: ConnectionID(2), req: .number(3),
                                            body: .result(.failure(WireError(.badRequest, "no")))))
            let failure = result.commitAndStage(store: &target, on: &table)
            #expect(failure?.message == "disk full")
            #expect(target == nil)
            let notRecorded = WireError(.shuttingDown,
                "the store could not record this; the daemon is stopping, retry after it restarts")
            #expect(first.stagedBytes == Self.encoded(.reply(Reply(req: .number(1), body: .failure(notRecorded)))),
                    "the ok reply becomes an error and the event is dropped")
            #expect(second.stagedBytes == Self.encoded(.reply(Reply(req: .number(2), body: .failure(notRecorded))))
                + Self.encoded(.reply(Reply(req: .number(3), body: .failure(WireError(.badRequest, "no"))))),
                    "the push's reply becomes an error, an error stays as it was")
            var turn = Self.turn()
            #expect(turn.commitAndStage(store: &target, on: &table) == nil)
            #expect(store.commits.count == 1)
        }
    }

    /// Connections are added and removed as they open and close; a message stages its connection
    /// once per turn, the staged list is emptied once written, and a removed connection (the one the
    /// last message went to, too) is no longer sent to.
    @Test func connectionsAreStagedOncePerTurnAndForgottenWhenRemoved() throws {
        try withConnections(1, 2) { table, _, _ in
            #expect(table.connections.count == 2)
            for id in [1, 2, 1] as [UInt64] { table.stage(on: ConnectionID(id)) { $0.stage(Self.event) } }
            var taken: [ConnectionID] = []
            while let connection = table.takeStaged() {
                connection.flush()
                taken.append(connection.id)
            }
            #expect(taken == [ConnectionID(2), ConnectionID(1)], "each staged connection is taken once")
            let removed = table.remove(ConnectionID(1))
            let removedAgain = table.remove(ConnectionID(1))
            let neverAdded = table.remove(ConnectionID(9))
            #expect(removed)
            #expect(!removedAgain, "removed once")
            #expect(!neverAdded, "never added")
            #expect(table.connections.count == 1)
            var reached: [ConnectionID] = []
            table.stage(on: ConnectionID(1)) { reached.append($0.id) }
            #expect(reached.isEmpty, "a removed connection is not sent to, though the last message went to it")
            table.stage(on: ConnectionID(2)) { reached.append($0.id) }
            #expect(reached == [ConnectionID(2)])
        }
    }

    /// Connections whose ids share a slot of the table's recent connections (1 and 65) are each sent
    /// their own messages, and removing one leaves the other reachable.
    @Test func connectionsSharingASlotAreToldApart() throws {
        try withConnections(1, 65) { table, _, _ in
            var reached: [ConnectionID] = []
            for id in [1, 65, 65, 1, 65] as [UInt64] {
                table.stage(on: ConnectionID(id)) { connection in
                    reached.append(connection.id)
                    connection.stage(Self.event)
                }
            }
            #expect(reached == [1, 65, 65, 1, 65].map { ConnectionID($0) })
            var taken: [ConnectionID] = []
            while let connection = table.takeStaged() {
                connection.flush()
                taken.append(connection.id)
            }
            #expect(taken == [ConnectionID(65), ConnectionID(1)])
            _ = table.remove(ConnectionID(65))
            reached = []
            table.stage(on: ConnectionID(65)) { reached.append($0.id) }
            table.stage(on: ConnectionID(1)) { reached.append($0.id) }
            #expect(reached == [ConnectionID(1)], "the removed one is not sent to")
        }
    }

    /// Runs `body` with a table that has two connections of ids `a` and `b` added, on a loop of their
    /// own; then closes both and the loop, which fails if a handle was left open.
    private func withConnections(_ a: UInt64, _ b: UInt64,
                                 _ body: (inout ConnectionTable, Connection, Connection) throws -> Void) throws {
        let loop = try Loop()
        let first = try Connection(loop: loop, id: ConnectionID(a), limits: ConnectionLimits())
        let second = try Connection(loop: loop, id: ConnectionID(b), limits: ConnectionLimits())
        var table = ConnectionTable()
        table.add(first)
        table.add(second)
        try body(&table, first, second)
        first.close(.requested("test"))
        second.close(.requested("test"))
        loop.run()
        try loop.close()
    }
}
