import EntryRouter

/// Performs a turn's output as the router hands it over: records committed in one `store.commit`
/// before the first message of the turn is staged (R16), replies and events encoded straight into
/// their connections' staged output, closes and the timer kept for the daemon to perform once the
/// router has returned (a close can report a disconnect, which is an input for the router).
///
/// The daemon keeps one writer for its whole life, and the writer holds the open connections, so that
/// no turn copies the daemon's table, allocates and frees a list of staged connections, or finds its
/// first connection by hashing.
/// Between turns it holds nothing of the turn, only the room of its lists.
///
/// When the commit fails the promise of R16 is broken for everything this writer sends in that turn:
/// ok replies become errors (so the senders retry) and events are dropped; `takeFailure` tells the
/// daemon to stop, and nothing is committed from then on.
struct TurnWriter: TurnOutput {
    /// Where records go; nil when nothing is committed (a store that keeps nothing, or one that
    /// failed before).
    private var store: EntryStore?
    /// The open connections by id. A connection closed during a turn is still staged on if the router
    /// sends to it, and ignores it, as a missing one is skipped.
    private(set) var connections: [ConnectionID: Connection]
    private var records: [Record] = []
    /// The connections messages went to, by the low bits of their id, kept rather than hashed for
    /// again, from message to message and from turn to turn. Ids are given out in sequence, so up to
    /// `recentSlots` connections opened about together each keep a slot of their own. Keeping only the
    /// connection of the message before would serve a connection's lines read together, but a turn
    /// that answers one line each of several connections (as at half of the maximum rate) would hash
    /// for every message. Unretained, and used without a retain, so that no message costs a retain and
    /// a release: `connections` holds them, and `add` and `remove` forget one here before that
    /// reference goes.
    private var recent = [Unmanaged<Connection>?](repeating: nil, count: Self.recentSlots)
    private static let recentSlots = 64
    /// Connections with staged output, each once, to flush when the turn's messages are all staged.
    private(set) var staged: [Connection] = []
    /// Connections to close, in the router's order, once their messages are written.
    private(set) var closes: [ConnectionID] = []
    private(set) var timer: Instant?
    /// Dedupe keys forgotten for `--max-dedupe-keys`, for the daemon to log.
    private(set) var evictedDedupeKeys = 0
    private(set) var failure: StoreError?

    init(store: EntryStore?, connections: [ConnectionID: Connection]) {
        self.store = store
        self.connections = connections
    }

    /// Adds an open connection, which the router's messages may go to from now on.
    mutating func add(_ connection: Connection) {
        forget(connection.id)
        connections[connection.id] = connection
    }

    /// Removes a connection that closed; false when it was not there.
    mutating func remove(_ id: ConnectionID) -> Bool {
        forget(id)
        return connections.removeValue(forKey: id) != nil
    }

    private mutating func forget(_ id: ConnectionID) {
        let slot = Self.slot(of: id)
        if let kept = recent[slot], kept._withUnsafeGuaranteedRef({ $0.id == id }) { recent[slot] = nil }
    }

    private static func slot(of id: ConnectionID) -> Int {
        Int(truncatingIfNeeded: id.raw) & (recentSlots - 1)
    }

    /// Takes the turn's records by swapping them with this writer's emptied array, whose room the
    /// router then keeps for the next turn.
    mutating func persist(_ records: inout [Record]) {
        guard store != nil else { return }
        if self.records.isEmpty {
            swap(&self.records, &records)
        } else {
            self.records.append(contentsOf: records)
        }
    }

    mutating func send(_ id: ConnectionID, reply: inout Reply) {
        commit()
        let failed = failure != nil
        stage(on: id) { connection in
            if failed, case .success = reply.body {
                connection.stage(Reply(req: reply.req, body: .failure(Self.notRecorded)))
            } else {
                connection.stage(reply)
            }
        }
    }

    mutating func send(_ id: ConnectionID, req: JSONValue?, entry: inout EntryReply) {
        commit()
        let failed = failure != nil
        stage(on: id) { connection in
            if failed {
                connection.stage(Reply(req: req, body: .failure(Self.notRecorded)))
            } else {
                connection.stage(req: req, entry: entry)
            }
        }
    }

    mutating func send(_ id: ConnectionID, event: inout Event) {
        commit()
        guard failure == nil else { return }
        stage(on: id) { $0.stage(event) }
    }

    mutating func close(_ id: ConnectionID) {
        commit()
        closes.append(id)
    }

    mutating func armTimer(_ instant: Instant) {
        commit()
        timer = instant
    }

    mutating func dedupeKeysEvicted(_ count: Int) {
        evictedDedupeKeys += count
    }

    /// Takes the count of dedupe keys the turns since the last call forgot for `--max-dedupe-keys`.
    mutating func takeEvictedDedupeKeys() -> Int {
        defer { evictedDedupeKeys = 0 }
        return evictedDedupeKeys
    }

    /// What an ok reply becomes once the commit has failed.
    private static var notRecorded: WireError {
        WireError(.shuttingDown, "the store could not record this; the daemon is stopping, retry after it restarts")
    }

    /// Commits what no message has followed yet: a turn may record without sending anything.
    mutating func finish() {
        commit()
    }

    /// Takes the closes gathered so far, for the daemon to perform now. Most turns close nothing,
    /// and their empty list is left as it is.
    mutating func takeCloses() -> [ConnectionID] {
        guard !closes.isEmpty else { return [] }
        var taken: [ConnectionID] = []
        swap(&taken, &closes)
        return taken
    }

    /// Takes the timer the turn asked for, if it did.
    mutating func takeTimer() -> Instant? {
        guard let timer else { return nil }
        self.timer = nil
        return timer
    }

    /// Takes a connection staged on this turn off the list, for the daemon to flush, the last staged
    /// first; nil once none is left, and the list keeps its room for the next turn. Taken rather than
    /// read: a loop over the list would retain it and each connection, and emptying it would then
    /// release them again, every turn.
    mutating func takeStaged() -> Connection? {
        staged.popLast()
    }

    /// Takes the failure of this turn's commit, if it failed. Nothing is committed from then on, and
    /// later turns' replies are sent as they are (the daemon is stopping, and refuses new requests).
    mutating func takeFailure() -> StoreError? {
        guard let failure else { return nil }
        self.failure = nil
        store = nil
        return failure
    }

    /// Calls `body` with the open connection with this id, noted as staged first; not at all when
    /// there is none. The connection is lent for the call, with no retain.
    @inline(__always)
    private mutating func stage(on id: ConnectionID, _ body: (Connection) -> Void) {
        let slot = Self.slot(of: id)
        if let kept = recent[slot], kept._withUnsafeGuaranteedRef({ $0.id == id }) {
            kept._withUnsafeGuaranteedRef { connection in
                if !connection.hasStagedOutput { staged.append(connection) }
                body(connection)
            }
            return
        }
        guard let found = connections[id] else { return }
        recent[slot] = Unmanaged.passUnretained(found)
        if !found.hasStagedOutput { staged.append(found) }
        body(found)
    }

    /// Commits the records gathered so far, once; after a failure nothing more is committed. The
    /// records are dropped after the commit, and their list keeps its room for the next turn's.
    @inline(__always)
    private mutating func commit() {
        guard !records.isEmpty else { return }
        commitRecords()
    }

    private mutating func commitRecords() {
        guard failure == nil, let store else { return }
        do {
            try store.commit(records)
        } catch {
            failure = error
        }
        while records.popLast() != nil {}
    }
}
