/// A new entry's way in (R2, R16, R18): dedupe, limits, expiry, then latest-wins and placement.
extension Router {
    /// What an arriving request carries besides its route.
    struct Arrival {
        var source: EntrySource
        /// The sender's id; nil to generate one.
        var id: String?
        var collapseId: String?
        /// Epoch seconds; 0 accepts the entry only if it is presented or shown in this turn.
        var expiration: Int64?
        /// The sender id or launch fingerprint that makes a repeat a duplicate (R18).
        var dedupeKey: String?
        /// The scene a launch entry belongs to (R2).
        var scene: String?
    }

    enum Admission {
        /// A new entry: its id and seq.
        case admitted(String, seq: UInt64)
        /// A repeat: nothing new was created. Says what the original was, when known.
        case duplicate(EntryReply)
        case refused(WireError)
    }

    mutating func admit(_ routed: Result<RouteMatch, WireError>, _ arrival: Arrival) -> Admission {
        let match: RouteMatch
        switch routed {
        case .failure(let error): return .refused(error)
        case .success(let routed): match = routed
        }
        if let repeated = original(of: arrival) {
            counts[.duplicate] += 1
            switch repeated {
            case .known(let original):
                return .duplicate(EntryReply(id: original.id, route: original.route, params: original.params,
                                             state: .duplicate))
            case .unknown:
                return .duplicate(EntryReply(id: arrival.id ?? "", route: match.route, params: match.params,
                                             state: .duplicate))
            }
        }
        guard waitingCount < limits.maxPending else {
            return .refused(WireError(.inboxFull, "\(waitingCount) entries are waiting, the limit (--max-pending) is "
                + "\(limits.maxPending); nothing was kept, send it again once scenes have taken some"))
        }
        let expires: Instant?
        switch arrival.expiration {
        case 0?:
            expires = nil
        case let seconds?:
            expires = Instant(seconds: seconds)
            if let expires, turn.now > expires {
                return .refused(WireError(.expired, "expiration \(seconds) is in the past; nothing was kept"))
            }
        case nil:
            expires = match.ttl.map { turn.now.adding(seconds: $0) }
        }
        var identity: String?
        if case .modal(_, _, let value) = match.target { identity = value }
        let entry = Entry(id: arrival.id ?? newEntryID(), params: match.params, shape: shapes.shape(of: match),
                          collapseId: arrival.collapseId, identity: identity, scene: arrival.scene, received: turn.now,
                          seq: newSeq(), expires: expires, source: arrival.source, state: .pending)
        if let key = arrival.dedupeKey {
            let original = DedupeWindow.Original(shape: entry.shape, params: entry.params)
            turn.persists.append(.persist(.seen(dedupe.insert(key, at: turn.now, original: original))))
        }
        if arrival.expiration == 0 { turn.mustShow.append((input: turn.input, seq: entry.seq)) }
        replaceOlder(than: entry)
        place(entry, from: nil)
        return .admitted(entry.id, seq: entry.seq)
    }

    private enum Original {
        case known(EntryReply)
        /// Seen before a restart: only the key survived.
        case unknown
    }

    /// The original of a repeat: a dedupe key seen in the window, or a sender id the router still holds.
    private func original(of arrival: Arrival) -> Original? {
        if let id = arrival.id, let held = entry(id) { return .known(held.reply) }
        guard let key = arrival.dedupeKey, let sighting = dedupe.sighting(of: key, at: turn.now) else { return nil }
        guard let original = sighting.original else { return .unknown }
        // A repeated sender id is the original's id; a replayed launch entry (no sender id) is answered
        // by its connect's `ok`, so the id of its reply is never read.
        return .known(EntryReply(id: arrival.id ?? "", route: original.shape.name,
                                 params: original.params, state: .duplicate))
    }
}
