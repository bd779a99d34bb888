import EntryRouter

extension ConnectionTable {
    /// The part of performing a turn that R16 is about, in its order: every record of the turn
    /// committed first, in one `store.commit`, and only then its replies and events staged on their
    /// connections. Returns the commit's failure, if it failed; `store` is then set to nil, so nothing
    /// is committed from then on.
    ///
    /// A failed commit breaks the promise of R16 for everything of the turn: its ok replies become
    /// errors (so the senders retry) and its events are dropped. The replies of later turns are sent
    /// as they are (the daemon is stopping, and refuses new requests).
    ///
    /// The result is lent `inout` only so that a push's reply is encoded from its entry where the
    /// result holds it (`stage(req:entry:)`): read from the array as a value, the entry would be
    /// copied first, a retain of its id, route and params and a release each. Nothing is changed.
    mutating func commitAndStage(_ result: inout TurnResult, store: inout EntryStore?) -> StoreError? {
        let failure = Self.commit(result.records, to: &store)
        for index in result.replies.indices {
            stage(on: result.replies[index].connection) { connection in
                switch result.replies[index].body {
                case .result(.success) where failure != nil, .entry where failure != nil:
                    connection.stage(Reply(req: result.replies[index].req, body: .failure(Self.notRecorded)))
                case .result(let body):
                    connection.stage(Reply(req: result.replies[index].req, body: body))
                case .entry(let slot):
                    Self.stage(on: connection, req: result.replies[index].req, entry: &result.entries[slot].reply)
                }
            }
        }
        guard failure == nil else { return failure }
        for index in result.events.indices {
            stage(on: result.events[index].0) { $0.stage(result.events[index].1) }
        }
        return nil
    }

    private static func stage(on connection: Connection, req: JSONValue?, entry: inout EntryReply) {
        connection.stage(req: req, entry: entry)
    }

    private static func commit(_ records: [Record], to store: inout EntryStore?) -> StoreError? {
        guard !records.isEmpty, let target = store else { return nil }
        do {
            try target.commit(records)
            return nil
        } catch {
            store = nil
            return error
        }
    }

    /// What an ok reply becomes once the commit has failed.
    private static var notRecorded: WireError {
        WireError(.shuttingDown, "the store could not record this; the daemon is stopping, retry after it restarts")
    }
}
