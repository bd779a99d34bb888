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

/// A key of the dedupe window seen at an instant: a sender-given id or a launch-entry fingerprint.
public struct SeenKey: Sendable, Hashable {
    public var name: DedupeKey
    public var at: Instant

    public init(_ name: DedupeKey, at: Instant) {
        self.name = name
        self.at = at
    }

    /// A key as the store keeps it (`DedupeKey.stored`).
    public init(key: String, at: Instant) {
        self.init(DedupeKey(stored: key), at: at)
    }

    /// The key as the store keeps it: `id:` and the sender id, or the launch fingerprint.
    public var key: String { name.stored }
}

/// What makes a repeat a duplicate (R18): a sender id, or a launch entry's fingerprint.
///
/// A sender id is kept without the `id:` its stored form starts with: a push or open with an id looks
/// its key up on arrival, and building `"id:" + id` made a new string for every one of them.
public struct DedupeKey: Sendable, Hashable {
    /// The sender id, or the whole stored key (a launch fingerprint, or any key not starting `id:`).
    let value: String
    let isSenderId: Bool

    /// The key of a sender id.
    init(senderId: String) {
        value = senderId
        isSenderId = true
    }

    /// The key of a launch entry's fingerprint (`LaunchFingerprint.key`).
    init(fingerprint: String) {
        value = fingerprint
        isSenderId = false
    }

    /// A key in its stored form.
    public init(stored: String) {
        if stored.utf8.starts(with: Self.senderIdPrefix.utf8) {
            value = String(decoding: stored.utf8.dropFirst(Self.senderIdPrefix.utf8.count), as: UTF8.self)
            isSenderId = true
        } else {
            value = stored
            isSenderId = false
        }
    }

    /// `id:` and the sender id, or the launch fingerprint.
    public var stored: String { isSenderId ? Self.senderIdPrefix + value : value }

    private static let senderIdPrefix = "id:"
}
