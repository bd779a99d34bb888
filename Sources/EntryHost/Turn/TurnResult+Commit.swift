import EntryRouter

extension TurnResult {
    /// The part of performing a turn that R16 is about, in its order, the same for every host: every
    /// record of the turn committed first, in one `store.commit`, and only then its replies and
    /// events staged on their connections. Returns the commit's failure, if it failed; `store` is then
    /// set to nil, so nothing is committed from then on.
    ///
    /// A failed commit breaks the promise of R16 for everything of the turn: its ok replies become
    /// errors (so the senders retry) and its events are dropped. The replies of later turns are sent
    /// as they are (the host is stopping, and refuses new requests).
    ///
    /// Mutating only so that a push's reply is encoded from its entry where the result holds it
    /// (`stage(req:entry:on:into:)`): read from the array as a value, the entry would be copied
    /// first, a retain of its id, route and params and a release each. Nothing is changed.
    package mutating func commitAndStage<Staging: TurnStaging>(store: inout EntryStore?,
                                                               on staging: inout Staging) -> StoreError? {
        let failure = Self.commit(records, to: &store)
        for index in replies.indices {
            let connection = replies[index].connection
            switch replies[index].body {
            case .result(.success) where failure != nil, .entry where failure != nil:
                staging.stage(Reply(req: replies[index].req, body: .failure(Self.notRecorded)), on: connection)
            case .result(let body):
                staging.stage(Reply(req: replies[index].req, body: body), on: connection)
            case .entry(let slot):
                Self.stage(req: replies[index].req, entry: &entries[slot].reply, on: connection, into: &staging)
            }
        }
        guard failure == nil else { return failure }
        for index in events.indices {
            staging.stage(events[index].1, on: events[index].0)
        }
        return nil
    }

    private static func stage<Staging: TurnStaging>(req: RequestTag?, entry: inout EntryReply, on connection: ConnectionID,
                                            into staging: inout Staging) {
        staging.stage(req: req, entry: entry, on: connection)
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
