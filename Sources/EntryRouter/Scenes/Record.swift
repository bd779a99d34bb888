/// What the durable store keeps: entries and the dedupe window (R16, R18).
public enum Record: Sendable, Hashable {
    /// Insert or replace an entry by id.
    case entry(EntryRecord)
    /// A sender id or launch fingerprint seen at an instant (R18).
    case seen(SeenKey)
}

/// An entry as stored: enough to rebuild it after a restart.
public struct EntryRecord: Sendable, Hashable {
    public var id: String
    public var source: EntrySource
    public var route: String
    public var params: [String: String]
    public var collapseId: String?
    public var kind: String?
    public var priority: Int?
    public var identity: String?
    public var received: Instant
    public var expires: Instant?
    public var state: EntryState
    /// The scene the entry waits for or was handed to.
    public var scene: String?

    public init(id: String, source: EntrySource, route: String, params: [String: String], collapseId: String?,
                kind: String?, priority: Int?, identity: String?, received: Instant, expires: Instant?,
                state: EntryState, scene: String?) {
        self.id = id
        self.source = source
        self.route = route
        self.params = params
        self.collapseId = collapseId
        self.kind = kind
        self.priority = priority
        self.identity = identity
        self.received = received
        self.expires = expires
        self.state = state
        self.scene = scene
    }
}

/// A key of the dedupe window: a sender-given id or a launch-entry fingerprint.
public struct SeenKey: Sendable, Hashable {
    public var key: String
    public var at: Instant

    public init(key: String, at: Instant) {
        self.key = key
        self.at = at
    }
}
