/// Everything a scene is sent for an entry beyond its modal (docs/PROTOCOL.md, "Every step reaches the
/// app"): a `show` or `tab` entry's `selectTab` and `show`, and the `selectTab` and `start` steps of a
/// route action (the steps an accepted action left for after its modal's dismissal, or the action a
/// launch carried). Each entry is `unsent` once handed to the scene, then `inFlight` once its events
/// went out in a turn, and finished (`done`) only when the scene's connection reports that everything
/// sent to it has been written (`.drained`).
///
/// One way out for every kind of step, so that none of them can be finished before it left: until it
/// is written, the entry keeps its state and its steps, as the store has them, and if the connection
/// or the daemon dies first it is handed over again (a show or a launch's action is pending again; an
/// accepted action's steps wait for a scene of that name). A step is delivered at least once and never
/// lost. Only so many entries are in flight at once (`RouterLimits.maxShowsInFlight`): a hand-over of
/// thousands goes out a batch at a time, as fast as the connection takes it, instead of all at once
/// past its output cap.
///
/// A scene that confirms its steps (`scene.connect` with `confirms`) finishes an entry only when the
/// app confirms the last step event sent for it (`scene.handled`), not when the write completed: a
/// completed write is not a handled event. Until then the entry stays in flight, and comes again after
/// a disconnect or a restart with the same step ids.
///
/// A scene that does not read keeps its unsent entries without end (tens of thousands, up to
/// `maxPending`), while every other client's arrivals look among them (latest-wins, a new entry id, a
/// duplicate, an expiry, a retraction). So the unsent entries are indexed (`OutboxIndex`) and taken
/// out where they lie, leaving a hole, instead of being searched and the rest shifted: what another
/// request costs does not grow with that backlog. Sending moves the oldest into the short in-flight
/// list; the holes are closed once they outnumber the entries, so memory follows what is kept.
struct Outbox: Sendable {
    /// Sent, not yet finished, in arrival order from `flyingHead`: at most `maxShowsInFlight`.
    private var flying: [Entry] = []
    private var flyingHead = 0
    /// For a scene that confirms: the step id each entry in flight waits for, by the entry's `seq`.
    /// An entry in flight that is not here needs no confirmation (its events went out, or it had none).
    private var awaiting: [UInt64: String] = [:]
    /// Unsent, in arrival order from `waitingHead`; nil where an entry was taken out before it went.
    private var waiting: [Entry?] = []
    private var waitingHead = 0
    /// The position (`OutboxIndex`) of `waiting[0]`.
    private var base = 0
    private var index = OutboxIndex()
    /// The unsent entries.
    private var unsentCount = 0

    /// Entries whose event went out and whose write has not been reported complete.
    var inFlight: ArraySlice<Entry> { flying[flyingHead...] }

    /// Entries handed to the scene whose event has not gone out, in arrival order.
    var unsent: [Entry] { waiting[waitingHead...].compactMap { $0 } }

    /// Appends an entry handed to the scene; it goes out after every entry handed over before it.
    mutating func append(_ entry: consuming Entry) {
        index.add(entry, at: base + waiting.count)
        waiting.append(entry)
        unsentCount += 1
    }

    mutating func reserveCapacity(forMore count: Int) {
        waiting.reserveCapacity(waiting.count - waitingHead + count)
    }

    /// How many unsent entries may go out now, with at most `limit` in flight.
    func room(limit: Int) -> Int {
        min(unsentCount, max(0, limit - (flying.count - flyingHead)))
    }

    /// Moves the oldest `count` unsent entries into flight and returns them: their events go out in
    /// this turn. The slice shares the in-flight list's storage, which nothing changes while it is read.
    mutating func send(_ count: Int) -> ArraySlice<Entry> {
        if flyingHead > 0, flyingHead >= flying.count - flyingHead {
            flying.removeFirst(flyingHead)
            flyingHead = 0
        }
        let start = flying.count
        while flying.count - start < count, waitingHead < waiting.count {
            if let entry = waiting[waitingHead].take() {
                index.remove(entry, at: base + waitingHead)
                flying.append(entry)
            }
            waitingHead += 1
        }
        unsentCount -= flying.count - start
        dropSentPrefix()
        return flying[start...]
    }

    /// Takes the first entry in flight out, nil once none is: its write completed (or, at a reset, it
    /// went out before it and ends with it). One at a time, so that finishing a batch allocates nothing.
    mutating func popInFlight() -> Entry? {
        guard flyingHead < flying.count else { return nil }
        defer { flyingHead += 1 }
        if !awaiting.isEmpty { awaiting[flying[flyingHead].seq] = nil }
        return flying[flyingHead]
    }

    /// Takes the first entry in flight out when it waits for no confirmation, nil otherwise: entries
    /// finish in arrival order, as the app confirms them.
    mutating func popConfirmed() -> Entry? {
        guard flyingHead < flying.count, awaiting.isEmpty || awaiting[flying[flyingHead].seq] == nil else { return nil }
        defer { flyingHead += 1 }
        return flying[flyingHead]
    }

    /// The entry with this `seq`, just sent, is finished only when the app confirms `step`.
    mutating func awaitConfirmation(of step: String, seq: UInt64) {
        awaiting[seq] = step
    }

    /// The app confirmed `step`; whether an entry in flight waited for it.
    mutating func confirm(_ step: String) -> Bool {
        guard let seq = awaiting.first(where: { $0.value == step })?.key else { return false }
        awaiting[seq] = nil
        return true
    }

    /// Takes every entry in flight out, in arrival order: the scene is gone.
    mutating func takeInFlight() -> [Entry] {
        let taken = Array(flying[flyingHead...])
        flying.removeAll(keepingCapacity: true)
        flyingHead = 0
        awaiting = [:]
        return taken
    }

    /// The unsent entry with this id.
    func unsent(id: String) -> Entry? {
        index.position(ofId: id).flatMap { waiting[$0 - base] }
    }

    /// The unsent entry with this seq.
    func unsent(seq: UInt64) -> Entry? {
        index.position(ofSeq: seq).flatMap { waiting[$0 - base] }
    }

    /// Removes the unsent entries filed under `key` that `matches` accepts, in arrival order: only
    /// those are looked at. An entry in flight has gone out already and is left alone.
    mutating func removeUnsent(_ key: OutboxIndex.Key, where matches: (Entry) -> Bool) -> [Entry] {
        let found = index.positions(of: key).filter { waiting[$0 - base].map(matches) ?? false }
        let removed = found.compactMap { take(at: $0) }
        closeHoles()
        return removed
    }

    /// Removes the matching unsent entries, in arrival order, looking at every one: for what the scene
    /// itself does (going to the background, closing a gate, a reset), not for another's request.
    mutating func removeUnsent(where matches: (Entry) -> Bool) -> [Entry] {
        var removed: [Entry] = []
        for slot in waiting.indices.dropFirst(waitingHead) {
            guard let entry = waiting[slot], matches(entry) else { continue }
            if let taken = take(at: base + slot) { removed.append(taken) }
        }
        closeHoles()
        return removed
    }

    /// Takes out the unsent entry at `position`, leaving a hole; the last one goes with its slot, so
    /// that an arrival that replaces the one before it leaves none.
    private mutating func take(at position: Int) -> Entry? {
        let slot = position - base
        guard let entry = waiting[slot].take() else { return nil }
        index.remove(entry, at: position)
        unsentCount -= 1
        if slot == waiting.count - 1 { waiting.removeLast() }
        return entry
    }

    /// Drops the slots already sent once they are as many as the rest: each moves about once.
    private mutating func dropSentPrefix() {
        if waitingHead == waiting.count {
            base += waiting.count
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
        } else if waitingHead > 0, waitingHead >= waiting.count - waitingHead {
            base += waitingHead
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
    }

    /// Closes the holes once they outnumber the unsent entries: the entries move up, in order, and
    /// are filed again at their new positions.
    private mutating func closeHoles() {
        dropSentPrefix()
        guard waiting.count - waitingHead > 2 * unsentCount + 32 else { return }
        var kept: [Entry?] = []
        kept.reserveCapacity(unsentCount)
        index = OutboxIndex()
        base += waiting.count
        for slot in waiting.indices.dropFirst(waitingHead) {
            guard let entry = waiting[slot].take() else { continue }
            index.add(entry, at: base + kept.count)
            kept.append(entry)
        }
        waiting = kept
        waitingHead = 0
    }
}
