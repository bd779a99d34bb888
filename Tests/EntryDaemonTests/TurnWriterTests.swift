import Testing
@testable import EntryDaemon
import EntryRouter

/// The daemon's receiver of a turn commits the turn's records once, before the first message of
/// the turn is staged (R16), and after a failed commit commits nothing more and reports the failure.
@Suite struct TurnWriterTests {
    /// Notes each commit; fails every one when told to.
    final class NotingStore: EntryStore {
        var commits: [[Record]] = []
        let fails: Bool

        init(fails: Bool = false) { self.fails = fails }

        var location: String { "noting" }
        func load() throws(StoreError) -> StoredState { StoredState() }
        func integrityCheck() throws(StoreError) -> String { "ok" }

        func commit(_ records: [Record]) throws(StoreError) {
            commits.append(records)
            if fails { throw StoreError(path: location, message: "disk full") }
        }
    }

    static func seen(_ id: String) -> Record {
        .seen(SeenKey(key: id, at: Instant(seconds: 1_000_000)))
    }

    /// Hands the writer one record, as a turn of one record does.
    static func persist(_ record: Record, with writer: inout TurnWriter) {
        var records = [record]
        writer.persist(&records)
    }

    static func send(_ reply: Reply, with writer: inout TurnWriter) {
        var reply = reply
        writer.send(ConnectionID(1), reply: &reply)
    }

    static let ok = Reply(req: .number(1), body: .success(.ok))

    @Test func recordsAreCommittedTogetherBeforeTheFirstMessage() {
        let store = NotingStore()
        var writer = TurnWriter(store: store, connections: [:])
        Self.persist(Self.seen("a"), with: &writer)
        Self.persist(Self.seen("b"), with: &writer)
        #expect(store.commits.isEmpty, "nothing is committed before a message needs it")
        Self.send(Self.ok, with: &writer)
        #expect(store.commits == [[Self.seen("a"), Self.seen("b")]])
        var event = Event.scene(scene: "main", what: .ready)
        writer.send(ConnectionID(1), event: &event)
        writer.close(ConnectionID(1))
        writer.armTimer(Instant(seconds: 1_000_001))
        writer.finish()
        #expect(store.commits.count == 1, "one commit per turn")
        #expect(writer.failure == nil)
        #expect(writer.takeCloses() == [ConnectionID(1)])
        #expect(writer.takeCloses().isEmpty)
        #expect(writer.timer == Instant(seconds: 1_000_001))
    }

    /// A push's reply, handed over as its parts, is a message like any other: the records before it
    /// are committed first.
    @Test func anEntryReplyCommitsTheRecordsBeforeIt() {
        let store = NotingStore()
        var writer = TurnWriter(store: store, connections: [:])
        Self.persist(Self.seen("a"), with: &writer)
        var entry = EntryReply(id: "e", route: "r", params: RouteParams(), state: .pending)
        writer.send(ConnectionID(1), req: .number(1), entry: &entry)
        #expect(store.commits == [[Self.seen("a")]])
        #expect(writer.failure == nil)
    }

    @Test func aTurnWithRecordsAndNoMessageIsCommittedAtItsEnd() {
        let store = NotingStore()
        var writer = TurnWriter(store: store, connections: [:])
        writer.finish()
        #expect(store.commits.isEmpty, "an empty turn commits nothing")
        Self.persist(Self.seen("a"), with: &writer)
        writer.finish()
        #expect(store.commits == [[Self.seen("a")]])
    }

    @Test func noStoreMeansNoCommit() {
        var writer = TurnWriter(store: nil, connections: [:])
        Self.persist(Self.seen("a"), with: &writer)
        Self.send(Self.ok, with: &writer)
        writer.finish()
        #expect(writer.failure == nil)
    }

    @Test func aFailedCommitIsReportedAndNotRetried() {
        let store = NotingStore(fails: true)
        var writer = TurnWriter(store: store, connections: [:])
        Self.persist(Self.seen("a"), with: &writer)
        Self.send(Self.ok, with: &writer)
        #expect(writer.failure?.message == "disk full")
        Self.persist(Self.seen("b"), with: &writer)
        Self.send(Self.ok, with: &writer)
        writer.finish()
        #expect(store.commits.count == 1)
    }

    /// The daemon keeps one writer for every turn: each turn's records are committed once, before its
    /// first message, and nothing of one turn is left for the next (closes, timer, staged list).
    @Test func oneWriterServesTurnAfterTurn() {
        let store = NotingStore()
        var writer = TurnWriter(store: store, connections: [:])
        for turn in 0..<3 {
            Self.persist(Self.seen("a\(turn)"), with: &writer)
            Self.persist(Self.seen("b\(turn)"), with: &writer)
            Self.send(Self.ok, with: &writer)
            writer.close(ConnectionID(UInt64(turn)))
            writer.armTimer(Instant(seconds: 1_000_000 + Int64(turn)))
            writer.finish()
            #expect(store.commits.count == turn + 1)
            #expect(store.commits.last == [Self.seen("a\(turn)"), Self.seen("b\(turn)")])
            #expect(writer.takeCloses() == [ConnectionID(UInt64(turn))])
            #expect(writer.takeTimer() == Instant(seconds: 1_000_000 + Int64(turn)))
            #expect(writer.takeTimer() == nil, "a timer is taken once")
            #expect(writer.takeFailure() == nil)
            #expect(writer.takeStaged() == nil, "no connection was open to stage")
        }
        writer.finish()
        #expect(store.commits.count == 3, "a turn with no records commits nothing")
    }

    /// After a failed commit the failure is taken once; later turns commit nothing and their replies
    /// are sent as they are, as a writer made without a store would.
    @Test func aTakenFailureStopsCommittingForGood() {
        let store = NotingStore(fails: true)
        var writer = TurnWriter(store: store, connections: [:])
        Self.persist(Self.seen("a"), with: &writer)
        writer.finish()
        #expect(writer.takeFailure()?.message == "disk full")
        #expect(writer.takeFailure() == nil)
        Self.persist(Self.seen("b"), with: &writer)
        Self.send(Self.ok, with: &writer)
        writer.finish()
        #expect(store.commits.count == 1)
        #expect(writer.failure == nil)
    }

    /// Connections are added and removed as they open and close; a message stages its connection
    /// once per turn, the staged list is emptied once written, and a removed connection (the one the
    /// last message went to, too) is no longer sent to.
    @Test func connectionsAreStagedOncePerTurnAndForgottenWhenRemoved() throws {
        try withConnections(1, 2) { writer, _, _ in
            #expect(writer.connections.count == 2)
            var reply = Self.ok
            writer.send(ConnectionID(1), reply: &reply)
            writer.send(ConnectionID(2), reply: &reply)
            writer.send(ConnectionID(1), reply: &reply)
            #expect(writer.staged.map(\.id) == [ConnectionID(1), ConnectionID(2)])
            var taken: [ConnectionID] = []
            while let connection = writer.takeStaged() {
                connection.flush()
                taken.append(connection.id)
            }
            #expect(taken == [ConnectionID(2), ConnectionID(1)], "each staged connection is taken once")
            #expect(writer.staged.isEmpty)
            let removed = writer.remove(ConnectionID(1))
            let removedAgain = writer.remove(ConnectionID(1))
            let neverAdded = writer.remove(ConnectionID(9))
            #expect(removed)
            #expect(!removedAgain, "removed once")
            #expect(!neverAdded, "never added")
            #expect(writer.connections.count == 1)
            writer.send(ConnectionID(1), reply: &reply)
            #expect(writer.staged.isEmpty, "a removed connection is not sent to, though the last message went to it")
            writer.send(ConnectionID(2), reply: &reply)
            #expect(writer.staged.map(\.id) == [ConnectionID(2)])
        }
    }

    /// Connections whose ids share a slot of the writer's recent connections (1 and 65) are each sent
    /// their own messages, and removing one leaves the other reachable.
    @Test func connectionsSharingASlotAreToldApart() throws {
        try withConnections(1, 65) { writer, first, other in
            var reply = Self.ok
            for id in [1, 65, 65, 1, 65] as [UInt64] { writer.send(ConnectionID(id), reply: &reply) }
            #expect(writer.staged.map(\.id) == [ConnectionID(1), ConnectionID(65)])
            while writer.takeStaged() != nil {}
            #expect(first.hasStagedOutput && other.hasStagedOutput, "each was staged on, not flushed here")
            _ = writer.remove(ConnectionID(65))
            first.flush()
            other.flush()
            writer.send(ConnectionID(65), reply: &reply)
            #expect(writer.staged.isEmpty, "the removed one is not sent to")
            writer.send(ConnectionID(1), reply: &reply)
            #expect(writer.staged.map(\.id) == [ConnectionID(1)])
        }
    }

    /// Runs `body` with a writer that has two connections of ids `a` and `b` added, on a loop of their
    /// own; then closes both and the loop, which fails if a handle was left open.
    private func withConnections(_ a: UInt64, _ b: UInt64,
                                 _ body: (inout TurnWriter, Connection, Connection) throws -> Void) throws {
        let loop = try Loop()
        let first = try Connection(loop: loop, id: ConnectionID(a), limits: ConnectionLimits())
        let second = try Connection(loop: loop, id: ConnectionID(b), limits: ConnectionLimits())
        var writer = TurnWriter(store: nil, connections: [:])
        writer.add(first)
        writer.add(second)
        try body(&writer, first, second)
        first.close(.requested("test"))
        second.close(.requested("test"))
        loop.run()
        try loop.close()
    }
}
