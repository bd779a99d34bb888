import EntryHost
import EntryRouter

/// The open connections, and the ones a turn's messages were staged on: the daemon stages each reply
/// and event with `stage(on:_:)` and flushes every connection it returns from `takeStaged`.
///
/// The daemon keeps one table for its whole life, so that no turn copies the daemon's table, allocates
/// and frees a list of staged connections, or finds its first connection by hashing.
struct ConnectionTable {
    /// The open connections by id. A connection closed during a turn is still staged on if the router
    /// sends to it, and ignores it, as a missing one is skipped.
    private(set) var connections: [ConnectionID: Connection] = [:]
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
    private var staged: [Connection] = []

    init() {}

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

    /// Takes a connection staged on this turn off the list, for the daemon to flush, the last staged
    /// first; nil once none is left, and the list keeps its room for the next turn. Taken rather than
    /// read: a loop over the list would retain it and each connection, and emptying it would then
    /// release them again, every turn.
    mutating func takeStaged() -> Connection? {
        staged.popLast()
    }

    /// Calls `body` with the open connection with this id, noted as staged first; not at all when
    /// there is none. The connection is lent for the call, with no retain.
    @inline(__always)
    mutating func stage(on id: ConnectionID, _ body: (Connection) -> Void) {
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
}

/// The daemon's connections are where its turns are staged (`TurnResult.commitAndStage`).
extension ConnectionTable: TurnStaging {
    @inline(__always)
    mutating func stage(_ reply: borrowing Reply, on connection: ConnectionID) {
        stage(on: connection) { $0.stage(reply) }
    }

    @inline(__always)
    mutating func stage(req: RequestTag?, entry: borrowing EntryReply, on connection: ConnectionID) {
        stage(on: connection) { $0.stage(req: req, entry: entry) }
    }

    @inline(__always)
    mutating func stage(_ event: borrowing Event, on connection: ConnectionID) {
        stage(on: connection) { $0.stage(event) }
    }
}
