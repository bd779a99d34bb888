import EntryRouter

/// The reply to `push` and `open`: what became of the entry in this turn.
public struct EntryReceipt: Sendable, Hashable {
    public var id: String
    /// The final route, after redirects.
    public var route: String
    public var params: Params
    public var state: ReportedState

    init(_ m: Members) throws(EntryClientError) {
        id = try m.string(.id)
        route = try m.string(.route)
        params = m.params(.params)
        state = ReportedState(rawValue: try m.string(.state))
    }
}

/// The reply to `scene.connect`: what the scene needs of the app, and why its launch entry was not
/// kept, when it was not.
public struct SceneInfo: Sendable, Hashable {
    /// The screen whose appearance makes the scene ready.
    public var home: String
    public var tabs: [String]
    public var gates: [String]
    public var launchRefused: DaemonError?

    init(_ m: Members) throws(EntryClientError) {
        home = try m.string(.home)
        tabs = m.strings(.tabs)
        gates = m.strings(.gates)
        launchRefused = try m.members(.launch)?.members(.error).map {
            DaemonError(code: .init(rawValue: $0.optionalString(.code) ?? "unknown"), message: $0.optionalString(.message) ?? "")
        }
    }
}

/// The reply to `scene.appeared`: whether the scene is ready, and what it still waits for.
public struct Readiness: Sendable, Hashable {
    public var ready: Bool
    /// The screen whose appearance would make the scene ready, while it is not.
    public var home: String?
    public var closedGates: [String]

    init(_ m: Members) {
        ready = m.bool(.ready) ?? false
        home = m.optionalString(.home)
        closedGates = m.strings(.closedGates)
    }
}

/// One page of `status`, as the daemon reports it to a client (the engine's own is `StatusReport`,
/// and its `StatusPage` is the page a `status` asks for).
public struct DaemonStatus: Sendable, Hashable {
    /// The config file served, as `serve` was given it.
    public var config: String?
    public var bundle: String?
    public var scenes: [Scene]
    /// Pending entries, in the order they arrived.
    public var pending: [PendingEntry]
    /// Complete counts per state, whatever the page holds.
    public var counts: [ReportedState: Int]
    /// The cursor of the next page (`status(after:)`), nil on the last one.
    public var next: String?

    init(_ m: Members) throws(EntryClientError) {
        config = m.optionalString(.config)
        bundle = m.optionalString(.bundle)
        scenes = try m.array(.scenes).map { (s) throws(EntryClientError) -> Scene in try Scene(s) }
        pending = try m.array(.pending).map { (p) throws(EntryClientError) -> PendingEntry in try PendingEntry(p) }
        var counts: [ReportedState: Int] = [:]
        for (state, count) in try m.members(.counts)?.object ?? [:] {
            if case .number(let n) = count, let value = Int(exactly: n) { counts[ReportedState(rawValue: state)] = value }
        }
        self.counts = counts
        next = m.optionalString(.next)
    }
}

extension DaemonStatus {
    /// A scene as `status` reports it.
    public struct Scene: Sendable, Hashable {
        public var scene: String
        public var ready: Bool
        public var busy: Bool
        public var gates: [String: Bool]
        public var tab: String?
        /// The active modal: its id, kind and entry.
        public var active: (modal: String, kind: String, entry: String)? {
            activeModal.map { ($0.modal, $0.kind, $0.entry) }
        }
        public var queue: [String]
        public var stacks: [String: [String]]
        private var activeModal: ActiveModal?

        private struct ActiveModal: Sendable, Hashable {
            var modal: String
            var kind: String
            var entry: String
        }

        init(_ m: Members) throws(EntryClientError) {
            scene = try m.string(.scene)
            ready = m.bool(.ready) ?? false
            busy = m.bool(.busy) ?? false
            var gates: [String: Bool] = [:]
            for (gate, open) in try m.members(.gates)?.object ?? [:] {
                if case .bool(let value) = open { gates[gate] = value }
            }
            self.gates = gates
            tab = m.optionalString(.tab)
            if let active = try m.members(.active) {
                activeModal = ActiveModal(modal: try active.string(.modal), kind: try active.string(.kind), entry: try active.string(.entry))
            }
            queue = m.strings(.queue)
            var stacks: [String: [String]] = [:]
            if let members = try m.members(.stacks) {
                for tab in members.object.keys { stacks[tab] = members.strings(tab) }
            }
            self.stacks = stacks
        }
    }
}

/// A pending entry as `status` lists it.
public struct PendingEntry: Sendable, Hashable {
    public var id: String
    public var route: String
    public var source: String
    /// Epoch seconds.
    public var received: Double
    public var expires: Double?
    /// The scene it waits for (its gates, or the background), nil for none.
    public var scene: String?

    init(_ m: Members) throws(EntryClientError) {
        id = try m.string(.id)
        route = try m.string(.route)
        source = try m.string(.source)
        received = m.double(.received) ?? 0
        expires = m.double(.expires)
        scene = m.optionalString(.scene)
    }
}
