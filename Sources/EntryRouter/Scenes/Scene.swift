/// One UI window of the app, as the router knows it. Scenes never share state (R14): each has its
/// own slot, queue, gates, tab and stacks.
struct Scene: Sendable {
    let name: String
    var connection: ConnectionID
    /// When home last appeared, as a counter (higher is more recent, R13b); nil while not ready.
    var readySince: UInt64?
    var busy = false
    /// The scene confirms each step event (`scene.handled`): its steps finish only then.
    var confirms = false
    var gates: Gates
    var tab: String?
    var slot: ModalSlot?
    var queue = ModalQueue()
    /// Entries whose steps go out beside the modal slot (shows, tab switches, an action's steps):
    /// sent at the end of a turn in arrival order (R13b), and finished once the connection has
    /// written them.
    var outbox = Outbox()
    var stacks = Stacks()

    init(name: String, connection: ConnectionID, config: Config) {
        self.name = name
        self.connection = connection
        self.gates = Gates(config)
        self.tab = config.homeTab
    }

    var isReady: Bool { readySince != nil }

    /// Ready, not busy (R8), the slot free (R3), and something queued.
    var canPresent: Bool { isReady && !busy && slot == nil && !queue.isEmpty }

    // The router reaches a scene where it lies, as `scenes.values[index]`; reading a property there
    // copies the whole scene first (its strings and lists retained, then released). These three are
    // mutating only so that they are called on the scene in place: the end of every turn asks them.
    // (`select(tab:)` does change the scene, and is called in place for the same reason.)

    /// How many unsent outbox entries may go out now (none while not ready), with at most `limit` in
    /// flight.
    mutating func sendableSteps(limit: Int) -> Int { isReady ? outbox.room(limit: limit) : 0 }

    /// The first queued modal, taken off the queue, when one may be presented now (R3, R4, R8).
    mutating func popPresentable() -> Entry? { canPresent ? queue.popFirst() : nil }

    /// Whether the scene is `connection`'s.
    mutating func isOn(_ connection: ConnectionID) -> Bool { self.connection == connection }

    /// Makes `tab` the current tab; whether it changed (R13c: `selectTab` is sent only then).
    mutating func select(tab: String) -> Bool {
        guard self.tab != tab else { return false }
        self.tab = tab
        return true
    }

    /// Whether the entry with this seq waits in this scene's queue or unsent outbox. An entry in flight
    /// does not wait: it went out, and neither expires nor is retracted or replaced any more. Nor does
    /// an accepted action's entry whose steps are in the outbox: its modal was consumed. The queue
    /// holds one entry per modal kind (R6) besides its launches; the outbox is looked up by its index.
    func holds(seq: UInt64) -> Bool {
        queue.entries.contains { $0.seq == seq } || outbox.unsent(seq: seq).map(Self.waits) == true
    }

    /// The entry with this id if it waits in this scene's queue or unsent outbox.
    func waiting(_ id: String) -> Entry? {
        if let queued = queue.entries.first(where: { $0.id == id }) { return queued }
        guard let unsent = outbox.unsent(id: id), Self.waits(unsent) else { return nil }
        return unsent
    }

    /// Removes matching waiting entries from the queue and the unsent outbox, in arrival order: of the
    /// outbox, only those filed under `keys`. An accepted action's unsent steps are not among them
    /// (`removeUnsentRuns`).
    mutating func removeWaiting(_ keys: [OutboxIndex.Key], where matches: (Entry) -> Bool) -> [Entry] {
        var unsent: [Entry] = []
        for key in keys { unsent += outbox.removeUnsent(key) { Self.waits($0) && matches($0) } }
        return (queue.removeAll(where: matches) + unsent).sorted { $0.seq < $1.seq }
    }

    /// Removes every matching waiting entry, looking at each: for what the scene itself does (going to
    /// the background, closing a gate).
    mutating func removeWaiting(where matches: (Entry) -> Bool) -> [Entry] {
        let unsent = outbox.removeUnsent { Self.waits($0) && matches($0) }
        return (queue.removeAll(where: matches) + unsent).sorted { $0.seq < $1.seq }
    }

    /// Removes the matching entries filed under `key` whose accepted action's steps wait unsent in the
    /// outbox.
    mutating func removeUnsentRuns(_ key: OutboxIndex.Key, where matches: (Entry) -> Bool) -> [Entry] {
        outbox.removeUnsent(key) { !Self.waits($0) && matches($0) }
    }

    /// An outbox entry waits unless its modal was presented: then only its action's steps are left.
    private static func waits(_ entry: Entry) -> Bool { entry.state != .presented }

    /// Empties the queue, the unsent outbox and a slot whose present was never acknowledged, and
    /// returns their entries in arrival order: what a reset retracts and a gone scene gives back.
    /// An acknowledged modal stays: its entry is consumed. Entries in flight stay too: a reset ends
    /// them, a gone scene gives them back (`Outbox.takeInFlight`).
    mutating func takeUnconsumed() -> [Entry] {
        var taken = queue.removeAll { _ in true } + outbox.removeUnsent { _ in true }
        if let slot, slot.entry.state == .presenting {
            taken.append(slot.entry)
            self.slot = nil
        }
        return taken.sorted { $0.seq < $1.seq }
    }

    /// The scene as `status` reports it, its queue and each stack cut to `limit` (the queue's first,
    /// each stack's top).
    func status(limit: Int) -> SceneStatus {
        SceneStatus(scene: name, ready: isReady, busy: busy, gates: gates.status, tab: tab, active: slot?.status,
                    queue: queue.entries.prefix(limit).map(\.id), stacks: stacks.status(limit: limit))
    }
}
