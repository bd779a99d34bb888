import EntryKit

/// A new entry's way in (R2, R16, R18): dedupe, limits, expiry, then latest-wins and placement.
extension Router {
    enum Admission {
        /// A new entry: its id and seq.
        case admitted(String, seq: UInt64)
        /// A repeat: nothing new was created. Says what the original was, when known.
        case duplicate(EntryReply)
        case refused(WireError)
    }

    /// Admits what arrived besides its route: `source`; the sender's `id` (nil to generate one); its
    /// `collapseId`; `expiration` in epoch seconds (0 accepts the entry only if it is presented or
    /// shown in this turn); the `dedupeKey` that makes a repeat a duplicate, a sender id or launch
    /// fingerprint (R18); the `scene` a launch entry belongs to (R2); the `steps` of the action a launch
    /// carried, run instead of presenting it (docs/PROTOCOL.md, across restarts).
    ///
    /// The id, collapseId and scene are taken, not lent: they move into the new entry rather than
    /// being copied into it and released by the caller. Given as separate values and inlined into each
    /// caller, which makes them just before: gathered in one struct, the arrival would live in memory,
    /// be copied to the stack for each check that reads it and be destroyed whole at the end through an
    /// outlined destroy that releases every string it held, the ones moved into the entry too.
    @inline(__always)
    mutating func admit(_ routed: Result<RouteMatch, WireError>, source: EntrySource, id: consuming String?,
                        collapseId: consuming String?, expiration: Int64?, dedupeKey: consuming DedupeKey?,
                        scene: consuming String?, steps: [RouteAction] = []) -> Admission {
        let match: RouteMatch
        switch routed {
        case .failure(let error): return .refused(error)
        case .success(let routed): match = routed
        }
        let shape = routes.route(of: match)
        // The sender id is hashed once: the duplicate check and the inbox use its tag.
        var idTag: UInt32?
        if let id { idTag = SlotIndex.tag(of: id) }
        if let repeated = original(id: id, dedupeKey: dedupeKey, idTag: idTag, shape: shape, params: match.params) {
            counts[.duplicate] += 1
            switch repeated {
            case .known(let original):
                return .duplicate(original)
            case .unknown:
                return .duplicate(EntryReply(id: id ?? "", route: match.route, params: match.params,
                                             state: .duplicate))
            }
        }
        if let refusal = refusal(expiration: expiration, expiringAfter: match.ttl) {
            if let dedupeKey { dedupe.unclaim(dedupeKey) }
            return .refused(refusal)
        }
        let identity = match.identity
        let expires: Instant?
        switch expiration {
        case 0?: expires = nil
        case let seconds?: expires = Instant(seconds: seconds)
        case nil: expires = match.ttl.map { turn.now.adding(seconds: $0) }
        }
        let collapseIdTag = Inbox.Tags.tag(of: collapseId)
        let entry = Entry(id: id ?? newEntryID(), params: match.params, shape: shape,
                          collapseId: collapseId, identity: identity, scene: scene,
                          received: turn.now, seq: newSeq(), expires: expires, source: source, state: .pending,
                          steps: steps)
        if persisting, let dedupeKey { turn.persists.append(.seen(SeenKey(dedupeKey, at: turn.now))) }
        if expiration == 0 { turn.mustShow.append((input: turn.input, seq: entry.seq)) }
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
    private func refusal(expiration: Int64?, expiringAfter ttl: Int64?) -> WireError? {
        guard waitingCount < limits.maxPending else {
            return WireError(.inboxFull, "\(waitingCount) entries are waiting, the limit (--max-pending) is "
                + "\(limits.maxPending); nothing was kept, send it again once scenes have taken some")
        }
        if let seconds = expiration, seconds != 0, turn.now > Instant(seconds: seconds) {
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
    /// up and adding it is one hash of the key. `id` and `dedupeKey` are the arrival's, `idTag` the tag
    /// of its id.
    private mutating func original(id: String?, dedupeKey: DedupeKey?, idTag: UInt32?, shape: CompiledRoute,
                                   params: RouteParams) -> Original? {
        if let id, let idTag, var held = heldReply(id, tag: idTag) {
            held.state = .duplicate
            return .known(held)
        }
        guard let key = dedupeKey,
              let sighting = dedupe.claim(key, idTag: idTag, at: turn.now, shape: shape, params: params) else {
            return nil
        }
        guard let original = sighting.original else { return .unknown }
        // A repeated sender id is the original's id; a replayed launch entry (no sender id) is answered
        // by its connect's `ok`, so the id of its reply is never read.
        return .known(EntryReply(id: id ?? "", route: original.route,
                                 params: original.params, state: .duplicate))
    }
}
