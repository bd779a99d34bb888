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
/// The entries lie in one array in arrival order: the in-flight ones, then the unsent ones. Sending
/// and finishing only advance indexes; the finished prefix is dropped once it is as long as the
/// rest, so working through a hand-over of N entries moves each about once, not N²/2 times.
struct Outbox: Sendable {
    private var storage: [Entry] = []
    /// The first entry not yet finished: the first in flight, if any is.
    private var head = 0
    /// The first unsent entry; `head..<firstUnsent` are in flight.
    private var firstUnsent = 0
    /// For a scene that confirms: the step id each entry in flight waits for, by the entry's `seq`.
    /// An entry in flight that is not here needs no confirmation (its events went out, or it had none).
    private var awaiting: [UInt64: String] = [:]

    /// Entries whose event went out and whose write has not been reported complete.
    var inFlight: ArraySlice<Entry> { storage[head..<firstUnsent] }

    /// Entries handed to the scene whose event has not gone out.
    var unsent: ArraySlice<Entry> { storage[firstUnsent...] }

    /// Appends an entry handed to the scene; it goes out after every entry handed over before it.
    mutating func append(_ entry: consuming Entry) {
        storage.append(entry)
    }

    mutating func reserveCapacity(forMore count: Int) {
        storage.reserveCapacity(storage.count - head + count)
    }

    /// How many unsent entries may go out now, with at most `limit` in flight.
    func room(limit: Int) -> Int {
        min(storage.count - firstUnsent, max(0, limit - (firstUnsent - head)))
    }

    /// Marks the first `count` unsent entries as in flight and returns them: their events go out in
    /// this turn. The slice shares the line's storage, which nothing changes while it is read.
    mutating func send(_ count: Int) -> ArraySlice<Entry> {
        defer { firstUnsent += count }
        return storage[firstUnsent..<firstUnsent + count]
    }

    /// Takes the first entry in flight out, nil once none is: its write completed (or, at a reset, it
    /// went out before it and ends with it). One at a time, so that finishing a batch allocates nothing.
    mutating func popInFlight() -> Entry? {
        guard head < firstUnsent else {
            compact()
            return nil
        }
        defer { head += 1 }
        if !awaiting.isEmpty { awaiting[storage[head].seq] = nil }
        return storage[head]
    }

    /// Takes the first entry in flight out when it waits for no confirmation, nil otherwise: entries
    /// finish in arrival order, as the app confirms them.
    mutating func popConfirmed() -> Entry? {
        guard head < firstUnsent, awaiting.isEmpty || awaiting[storage[head].seq] == nil else {
            compact()
            return nil
        }
        defer { head += 1 }
        return storage[head]
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
        let taken = Array(storage[head..<firstUnsent])
        head = firstUnsent
        awaiting = [:]
        compact()
        return taken
    }

    /// Removes the matching unsent entries, in arrival order; an entry in flight has gone out already
    /// and is left alone.
    mutating func removeUnsent(where matches: (Entry) -> Bool) -> [Entry] {
        guard storage[firstUnsent...].contains(where: matches) else { return [] }
        var removed: [Entry] = []
        var kept: [Entry] = []
        for entry in storage[firstUnsent...] {
            if matches(entry) { removed.append(entry) } else { kept.append(entry) }
        }
        storage.replaceSubrange(firstUnsent..., with: kept)
        return removed
    }

    /// Drops the finished prefix once it is as long as what is kept.
    private mutating func compact() {
        guard head > 0, head >= storage.count - head else { return }
        storage.removeFirst(head)
        firstUnsent -= head
        head = 0
    }
}
