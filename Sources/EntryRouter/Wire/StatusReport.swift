/// The `status` reply: scenes, a page of the pending entries and complete counts per state.
public struct StatusReport: Sendable, Hashable {
    /// The file the served config was read from (`Config.file`), nil for a config built in code.
    public var config: String?
    /// The bundle id the served config is for.
    public var bundle: String?
    public var scenes: [SceneStatus]
    /// Pending entries in the order they arrived, at most the page's limit.
    public var pending: [PendingStatus]
    /// The cursor that continues `pending` (`status` with `after`), when more entries remain.
    public var next: String?
    public var counts: [EntryState: Int]

    package init(config: String? = nil, bundle: String? = nil, scenes: [SceneStatus] = [], pending: [PendingStatus] = [],
                 next: String? = nil, counts: [EntryState: Int] = [:]) {
        self.config = config
        self.bundle = bundle
        self.scenes = scenes
        self.pending = pending
        self.next = next
        self.counts = counts
    }
}

/// One scene in a `status` reply.
public struct SceneStatus: Sendable, Hashable {
    public var scene: String
    public var ready: Bool
    public var busy: Bool
    public var gates: [String: Bool]
    public var tab: String?
    public var active: ActiveModal?
    /// Entry ids, in the order they would be presented.
    public var queue: [String]
    /// Tab → screen ids on its stack (bottom first).
    public var stacks: [String: [String]]

    package init(scene: String, ready: Bool, busy: Bool, gates: [String: Bool], tab: String?, active: ActiveModal?,
                 queue: [String], stacks: [String: [String]]) {
        self.scene = scene
        self.ready = ready
        self.busy = busy
        self.gates = gates
        self.tab = tab
        self.active = active
        self.queue = queue
        self.stacks = stacks
    }

    /// The modal a scene shows: `modal` id, its `kind` and its `entry` id.
    public struct ActiveModal: Sendable, Hashable {
        public var modal: String
        public var kind: String
        public var entry: String

        package init(modal: String, kind: String, entry: String) {
            self.modal = modal
            self.kind = kind
            self.entry = entry
        }
    }
}

/// One pending entry in a `status` reply.
public struct PendingStatus: Sendable, Hashable {
    public var id: String
    public var route: String
    public var source: EntrySource
    public var received: Instant
    public var expires: Instant?
    /// The scene it waits for (gates), or nil for any scene.
    public var scene: String?

    package init(id: String, route: String, source: EntrySource, received: Instant, expires: Instant?, scene: String?) {
        self.id = id
        self.route = route
        self.source = source
        self.received = received
        self.expires = expires
        self.scene = scene
    }
}
