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
        var dedupeKey: DedupeKey?
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

    /// The arrival is taken, not lent: its id, collapseId and scene move into the new entry rather
    /// than being copied into it and released with the arrival.
    mutating func admit(_ routed: Result<RouteMatch, WireError>, _ arrival: consuming Arrival) -> Admission {
        let match: RouteMatch
        switch routed {
        case .failure(let error): return .refused(error)
        case .success(let routed): match = routed
        }
        let shape = shapes.shape(of: match)
        // The sender id is hashed once: the duplicate check and the inbox use its tag.
        var idTag: UInt32?
        if let id = arrival.id { idTag = SlotIndex.tag(of: id) }
        if let repeated = original(of: arrival, idTag: idTag, shape: shape, params: match.params) {
            counts[.duplicate] += 1
            switch repeated {
            case .known(let original):
                return .duplicate(original)
            case .unknown:
                return .duplicate(EntryReply(id: arrival.id ?? "", route: match.route, params: match.params,
                                             state: .duplicate))
            }
        }
        if let refusal = refusal(of: arrival, expiringAfter: match.ttl) {
            if let key = arrival.dedupeKey { dedupe.unclaim(key) }
            return .refused(refusal)
        }
        let identity = match.identity
        let expires: Instant?
        switch arrival.expiration {
        case 0?: expires = nil
        case let seconds?: expires = Instant(seconds: seconds)
        case nil: expires = match.ttl.map { turn.now.adding(seconds: $0) }
        }
        let collapseIdTag = Inbox.Tags.tag(of: arrival.collapseId)
        let entry = Entry(id: arrival.id.take() ?? newEntryID(), params: match.params, shape: shape,
                          collapseId: arrival.collapseId.take(), identity: identity, scene: arrival.scene.take(),
                          received: turn.now, seq: newSeq(), expires: expires, source: arrival.source, state: .pending)
        if persisting, let key = arrival.dedupeKey { turn.persists.append(.seen(SeenKey(key, at: turn.now))) }
        if arrival.expiration == 0 { turn.mustShow.append((input: turn.input, seq: entry.seq)) }
        let admitted = Admission.admitted(entry.id, seq: entry.seq)
        let tags = Inbox.Tags(id: idTag ?? SlotIndex.tag(of: entry.id), collapseId: collapseIdTag)
        // With no scene, a new entry that is not expired waits in the inbox; when it replaces the
        // newest waiting entry alone (the usual case: one collapseId or kind per sender), it takes
        // that entry's slot instead of the inbox removing one entry and adding another.
        if scenes.isEmpty, !entry.isExpired(at: turn.now),
           let slot = inbox.replaceableSlot(for: entry, collapseIdTag: tags.collapseId) {
            replace(inboxSlot: slot, with: entry, tags: tags)
        } else {
            replaceOlder(than: entry, tags: tags)
            place(entry, from: nil, tags: tags)
        }
        return admitted
    }

    /// Why an arrival that is no duplicate is not kept: the inbox is full, or it expired already.
    private func refusal(of arrival: Arrival, expiringAfter ttl: Int64?) -> WireError? {
        guard waitingCount < limits.maxPending else {
            return WireError(.inboxFull, "\(waitingCount) entries are waiting, the limit (--max-pending) is "
                + "\(limits.maxPending); nothing was kept, send it again once scenes have taken some")
        }
        if let seconds = arrival.expiration, seconds != 0, turn.now > Instant(seconds: seconds) {
            return WireError(.expired, "expiration \(seconds) is in the past; nothing was kept")
        }
        return nil
    }

    private enum Original {
        case known(EntryReply)
        /// Seen before a restart: only the key survived.
        case unknown
    }

    /// The original of a repeat: a sender id the router still holds, or a dedupe key seen in the window.
    /// A key not seen yet is remembered now, with the arrival's route `shape` and `params`: looking it
    /// up and adding it is one hash of the key. `idTag` is the tag of the arrival's id.
    private mutating func original(of arrival: Arrival, idTag: UInt32?, shape: RouteShape,
                                   params: RouteParams) -> Original? {
        if let id = arrival.id, let idTag, var held = heldReply(id, tag: idTag) {
            held.state = .duplicate
            return .known(held)
        }
        guard let key = arrival.dedupeKey,
              let sighting = dedupe.claim(key, idTag: idTag, at: turn.now, shape: shape, params: params) else {
            return nil
        }
        guard let original = sighting.original else { return .unknown }
        // A repeated sender id is the original's id; a replayed launch entry (no sender id) is answered
        // by its connect's `ok`, so the id of its reply is never read.
        return .known(EntryReply(id: arrival.id ?? "", route: original.route,
                                 params: original.params, state: .duplicate))
    }
}
