/// One UI window of the app, as the router knows it. Scenes never share state (R14): each has its
/// own slot, queue, gates, tab and stacks.
struct Scene: Sendable {
    let name: String
    var connection: ConnectionID
    /// When home last appeared, as a counter (higher is more recent, R13b); nil while not ready.
    var readySince: UInt64?
    var busy = false
    var gates: Gates
    var tab: String?
    var slot: ModalSlot?
    var queue = ModalQueue()
    /// `show` and `tab` entries handed over: sent at the end of a turn in arrival order (R13b), and
    /// finished once the connection has written them.
    var shows = ShowLine()
    var stacks = Stacks()

    init(name: String, connection: ConnectionID, config: Config) {
        self.name = name
        self.connection = connection
        self.gates = Gates(names: config.gates)
        self.tab = config.homeTab
    }

    var isReady: Bool { readySince != nil }

    /// Ready, not busy (R8), the slot free (R3), and something queued.
    var canPresent: Bool { isReady && !busy && slot == nil && !queue.isEmpty }

    // The router reaches a scene where it lies, as `scenes.values[index]`; reading a property there
    // copies the whole scene first (its strings and lists retained, then released). These three are
    // mutating only so that they are called on the scene in place: the end of every turn asks them.
    // (`select(tab:)` does change the scene, and is called in place for the same reason.)

    /// How many unsent shows may go out now (none while not ready), with at most `limit` in flight.
    mutating func sendableShows(limit: Int) -> Int { isReady ? shows.room(limit: limit) : 0 }

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

    /// Whether the entry with this seq waits in this scene's queue or unsent shows. A show in flight
    /// does not wait: it went out, and neither expires nor is retracted or replaced any more.
    func holds(seq: UInt64) -> Bool {
        queue.entries.contains { $0.seq == seq } || shows.unsent.contains { $0.seq == seq }
    }

    /// The entry with this id if it waits in this scene's queue or unsent shows.
    func waiting(_ id: String) -> Entry? {
        queue.entries.first { $0.id == id } ?? shows.unsent.first { $0.id == id }
    }

    /// Removes matching entries from the queue and the unsent shows, in arrival order.
    mutating func removeWaiting(where matches: (Entry) -> Bool) -> [Entry] {
        let shown = shows.removeUnsent(where: matches)
        return (queue.removeAll(where: matches) + shown).sorted { $0.seq < $1.seq }
    }

    /// Empties the queue, the unsent shows and a slot whose present was never acknowledged, and
    /// returns their entries in arrival order: what a reset retracts and a gone scene gives back.
    /// An acknowledged modal stays: its entry is consumed. Shows in flight stay too: a reset ends
    /// them, a gone scene gives them back (`ShowLine.takeInFlight`).
    mutating func takeUnconsumed() -> [Entry] {
        var taken = removeWaiting { _ in true }
        if let slot, slot.entry.state == .presenting {
            taken.append(slot.entry)
            self.slot = nil
        }
        return taken.sorted { $0.seq < $1.seq }
    }

    var status: SceneStatus {
        SceneStatus(scene: name, ready: isReady, busy: busy, gates: gates.status, tab: tab, active: slot?.status,
                    queue: queue.ids, stacks: stacks.status)
    }
}
