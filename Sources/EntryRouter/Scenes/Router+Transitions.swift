/// Every change of an entry goes through `record`: it is persisted (R16) unless the router was told
/// nothing keeps its records, counted, reported to the watchers (R14) and remembered for this turn's
/// replies.
extension Router {
    /// Sets `entry`'s state and scene and records the change.
    mutating func move(_ entry: inout Entry, to state: EntryState, scene: String?) {
        let old = entry.state
        entry.state = state
        entry.scene = scene
        record(entry, from: old)
    }

    /// Sets `entry`'s state, keeping its scene, and records the change.
    mutating func move(_ entry: inout Entry, to state: EntryState) {
        let old = entry.state
        entry.state = state
        record(entry, from: old)
    }

    /// Records `entry` as it is now; `old` is the state it left, nil for a new entry.
    mutating func record(_ entry: Entry, from old: EntryState?) {
        if let old { counts[old] -= 1 }
        counts[entry.state] += 1
        if persisting { turn.persists.append(.entry(entry.record.marked(arrival: old == nil))) }
        // Only entries that arrived this turn are answered with their state (a push or open reply,
        // the expiration-0 check); a hand-over moves thousands of older ones nobody asks about.
        if old == nil {
            turn.arrived(entry.reply, seq: entry.seq)
        } else if entry.seq >= turn.firstSeq {
            turn.update(seq: entry.seq, state: entry.state, params: entry.params)
        }
        // An entry that already waited keeps its expiry item: handing it over does not move its expiry.
        if let expires = entry.expires, Self.waits(entry.state), !(old.map(Self.waits) ?? false) {
            expiry.add(ExpiryQueue.Item(expires: expires, seq: entry.seq))
        }
        guard !watchers.isEmpty else { return }
        tellWatchers(.entry(id: entry.id, state: entry.state, route: entry.route, scene: entry.scene))
    }

    /// Records that `entry` left the router's hands in `state` (replaced, say) and drops it. Its record
    /// is built by moving its fields, not copying them: the entry is gone afterwards. Nothing of
    /// `record` that only a waiting or arriving entry needs is looked at: a retired entry is neither
    /// new nor waits, so it has no outcome to set and no expiry item to add. Inlined into its two
    /// callers, which have just taken the entry out of the inbox: called, the entry would be passed by
    /// address.
    @inline(__always)
    mutating func retire(_ entry: consuming Entry, as state: EntryState) {
        counts[entry.state] -= 1
        counts[state] += 1
        entry.state = state
        if entry.seq >= turn.firstSeq { turn.update(seq: entry.seq, state: state, params: entry.params) }
        if !watchers.isEmpty { tellWatchers(.entry(id: entry.id, state: state, route: entry.route, scene: entry.scene)) }
        if persisting { turn.persists.append(.entry(entry.takeRecord())) }
    }

    /// Pending or queued: what an expiry item is kept for.
    private static func waits(_ state: EntryState) -> Bool { state == .pending || state == .queued }

    /// Tells every watcher what happened to a scene (R14).
    mutating func announce(_ scene: String, _ what: SceneChange) {
        tellWatchers(.scene(scene: scene, what: what))
    }

    /// Sends `event` to every watcher, in the order they are numbered (R14).
    mutating func tellWatchers(_ event: Event) {
        for watcher in watchers.sorted() { turn.send(watcher, event) }
    }

    /// Entries that wait (pending or queued): what `maxPending` bounds.
    var waitingCount: Int { counts[.pending] + counts[.queued] }

    /// Whether the entry with this seq waits: pending in the inbox, or queued in a scene.
    func isWaiting(seq: UInt64) -> Bool {
        inbox.contains(seq: seq) || scenes.values.contains { $0.holds(seq: seq) }
    }

    /// The entry with this id while it is in the router's hands: waiting or in a modal slot.
    func entry(_ id: String) -> Entry? {
        inbox.entry(id: id) ?? entryInScenes(id)
    }

    private func entryInScenes(_ id: String) -> Entry? {
        for scene in scenes.values {
            if let entry = scene.waiting(id) { return entry }
            if let slot = scene.slot, slot.entry.id == id { return slot.entry }
        }
        return nil
    }

    /// What a reply says about the entry with this id while it is in the router's hands. Read where the
    /// entry is, without a copy of it: every arrival with a sender id asks.
    func heldReply(_ id: String, tag: UInt32) -> EntryReply? {
        if let reply = inbox.reply(id: id, tag: tag) { return reply }
        return scenes.isEmpty ? nil : entryInScenes(id)?.reply
    }

    /// Removes the waiting entry with this seq from wherever it waits.
    mutating func takeWaiting(seq: UInt64) -> Entry? {
        if let entry = inbox.remove(seq: seq) { return entry }
        for name in scenes.keys.sorted() where scenes[name]?.holds(seq: seq) == true {
            return scenes[name]?.removeWaiting([.seq(seq)]) { $0.seq == seq }.first
        }
        return nil
    }

    /// The next generated entry id, skipping any a sender already used.
    mutating func newEntryID() -> String {
        while true {
            let id = "e-\(nextEntryNumber)"
            nextEntryNumber += 1
            if entry(id) == nil, dedupe.sighting(of: DedupeKey(senderId: id), at: turn.now) == nil { return id }
        }
    }

    mutating func newModalID() -> String {
        defer { issued.modal += 1 }
        return "m-\(issued.modal)"
    }

    mutating func newScreenID() -> String {
        defer { issued.screen += 1 }
        return "s-\(issued.screen)"
    }

    mutating func newSeq() -> UInt64 {
        defer { nextSeq += 1 }
        return nextSeq
    }

    /// Hands the turn back in `result`, and a timer for the nearest expiry when it moved, or when the
    /// armed one is already due (a timer that fired early must not be lost). Then starts the next turn.
    ///
    /// The turn's lists are swapped with the result's, which the caller emptied and which this turn's
    /// successor fills: nothing is copied or moved one by one, except the replies, each resolved into
    /// what it finally says. A result that holds a turn already has this one appended.
    mutating func emit(into result: inout TurnResult) {
        if persisting, issued != issuedRecorded {
            turn.persists.append(.issued(issued))
            issuedRecorded = issued
        }
        result.records.takeOrAppend(&turn.persists)
        let base = result.entries.count
        for index in turn.replies.indices {
            let connection = turn.replies[index].connection
            guard !turn.isGone(connection) else { continue }
            let (_, req, body) = turn.takeReply(at: index)
            result.replies.append(TurnReply(connection: connection, req: req, body: resolve(consume body, base: base)))
        }
        result.entries.takeOrAppend(&turn.outcomes)
        if !turn.gone.isEmpty {
            let gone = turn.gone
            turn.events.removeAll { gone.contains($0.0) }
        }
        result.events.takeOrAppend(&turn.events)
        result.closes.takeOrAppend(&turn.closes)
        if let deadline = nextDeadline(), deadline != armed || deadline <= turn.now {
            armed = deadline
            result.timer = deadline
        }
        result.evictedDedupeKeys += dedupe.takeEvicted()
        result.forgottenScreens += turn.forgottenScreens
        turn.reset(now: turn.now, firstSeq: nextSeq)
    }

    /// What a reply finally says: a push's or open's entry by where the result will hold it (its
    /// outcomes are appended after `base` others). Takes the body, so that a final result moves into
    /// the reply rather than being copied from it (a retain of what it holds, and a release when the
    /// body is dropped).
    @inline(__always)
    private mutating func resolve(_ body: consuming Turn.Body, base: Int) -> TurnReply.Body {
        switch consume body {
        case .final(let result): return .result(result)
        case .entry(let id, let seq):
            guard let slot = turn.outcomeSlot(seq: seq) else {
                return .result(.failure(WireError(.badRequest, "entry \(id) was lost in this turn")))
            }
            return .entry(slot: base + slot)
        case .status(let page): return .result(.success(.status(status(page))))
        }
    }

    /// The instant after the nearest expiry of a waiting entry (an entry expires once now is past it).
    private mutating func nextDeadline() -> Instant? {
        while let first = expiry.first {
            if isWaiting(seq: first.seq) { return first.expires.adding(milliseconds: 1) }
            expiry.removeFirst()
        }
        return nil
    }
}
