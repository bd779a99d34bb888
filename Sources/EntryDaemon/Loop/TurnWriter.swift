import EntryRouter

/// Performs a turn's output as the router hands it over: records committed in one `store.commit`
/// before the first message of the turn is staged (R16), replies and events encoded straight into
/// their connections' staged output, closes and the timer kept for the daemon to perform once the
/// router has returned (a close can report a disconnect, which is an input for the router).
///
/// When the commit fails the promise of R16 is broken for everything this writer sends from then
/// on: ok replies become errors (so the senders retry) and events are dropped; `failure` tells the
/// daemon to stop.
struct TurnWriter: TurnOutput {
    /// Where records go; nil when nothing is committed (a store that keeps nothing, or one that
    /// failed before).
    private let store: EntryStore?
    /// Held rather than the daemon's own, whose every lookup cost an exclusivity check. A connection
    /// closed meanwhile stays in it, and ignores whatever is staged on it, as a missing one is skipped.
    private let connections: [ConnectionID: Connection]
    private var records: [Record] = []
    /// Replies come in request order, and a connection's lines are read together, so most messages go
    /// to the connection of the one before: that one is kept rather than hashed for again.
    private var last: Connection?
    /// Connections with staged output, each once, to flush when the turn's messages are all staged.
    private(set) var staged: [Connection] = []
    /// Connections to close, in the router's order, once their messages are written.
    private(set) var closes: [ConnectionID] = []
    private(set) var timer: Instant?
    private(set) var failure: StoreError?

    init(store: EntryStore?, connections: [ConnectionID: Connection]) {
        self.store = store
        self.connections = connections
    }

    mutating func persist(_ record: consuming Record) {
        guard store != nil else { return }
        records.append(record)
    }

    mutating func send(_ id: ConnectionID, reply: inout Reply) {
        commit()
        guard let connection = connection(id) else { return }
        if failure != nil, case .success = reply.body {
            connection.stage(Reply(req: reply.req, body: .failure(Self.notRecorded)))
        } else {
            connection.stage(reply)
        }
    }

    mutating func send(_ id: ConnectionID, req: JSONValue?, entry: EntryReply) {
        commit()
        guard let connection = connection(id) else { return }
        if failure != nil {
            connection.stage(Reply(req: req, body: .failure(Self.notRecorded)))
        } else {
            connection.stage(req: req, entry: entry)
        }
    }

    mutating func send(_ id: ConnectionID, event: inout Event) {
        commit()
        guard failure == nil, let connection = connection(id) else { return }
        connection.stage(event)
    }

    mutating func close(_ id: ConnectionID) {
        commit()
        closes.append(id)
    }

    mutating func armTimer(_ instant: Instant) {
        commit()
        timer = instant
    }

    /// What an ok reply becomes once the commit has failed.
    private static var notRecorded: WireError {
        WireError(.shuttingDown, "the store could not record this; the daemon is stopping, retry after it restarts")
    }

    /// Commits what no message has followed yet: a turn may record without sending anything.
    mutating func finish() {
        commit()
    }

    /// Takes the closes gathered so far, for the daemon to perform now.
    mutating func takeCloses() -> [ConnectionID] {
        var taken: [ConnectionID] = []
        swap(&taken, &closes)
        return taken
    }

    /// The connection with this id, noted as staged: the caller stages a message on it next.
    private mutating func connection(_ id: ConnectionID) -> Connection? {
        let connection: Connection
        if let last, last.id == id {
            connection = last
        } else {
            guard let found = connections[id] else { return nil }
            connection = found
            last = found
        }
        if !connection.hasStagedOutput { staged.append(connection) }
        return connection
    }

    /// Commits the records gathered so far, once; after a failure nothing more is committed.
    private mutating func commit() {
        guard !records.isEmpty, failure == nil, let store else { return }
        var batch: [Record] = []
        swap(&batch, &records)
        do {
            try store.commit(batch)
        } catch {
            failure = error
        }
    }
}
