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
    /// `show` and `tab` entries handed over, sent at the end of the turn in arrival order (R13b).
    var shows: [Entry] = []
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

    /// Whether the entry with this seq waits in this scene's queue or unsent shows.
    func holds(seq: UInt64) -> Bool {
        queue.entries.contains { $0.seq == seq } || shows.contains { $0.seq == seq }
    }

    /// The entry with this id if it waits in this scene's queue or unsent shows.
    func waiting(_ id: String) -> Entry? {
        queue.entries.first { $0.id == id } ?? shows.first { $0.id == id }
    }

    /// Removes matching entries from the queue and the unsent shows, in arrival order.
    mutating func removeWaiting(where matches: (Entry) -> Bool) -> [Entry] {
        let shown = shows.filter(matches)
        shows.removeAll(where: matches)
        return (queue.removeAll(where: matches) + shown).sorted { $0.seq < $1.seq }
    }

    /// Empties the queue, the unsent shows and a slot whose present was never acknowledged, and
    /// returns their entries in arrival order: what a reset retracts and a gone scene gives back.
    /// An acknowledged modal stays: its entry is consumed.
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
