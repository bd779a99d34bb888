import EntryKit

/// What the durable store keeps: entries and the dedupe window (R16, R18).
public enum Record: Sendable, Hashable {
    /// Insert or replace an entry by id.
    case entry(EntryRecord)
    /// A sender id or launch fingerprint seen at an instant (R18).
    case seen(SeenKey)
    /// The next modal and screen numbers, recorded whenever a turn issued one, so that no `m-N` or
    /// `s-N` is issued twice for the life of a store: an old `scene.dismissed m-1` that arrives after
    /// a restart must not free a new modal's slot.
    case issued(IssuedNumbers)
}

/// The next numbers of the ids the router issues to scenes: modals (`m-N`) and screens (`s-N`).
/// Entry ids (`e-N`) are kept apart: the store reads their numbers off the entries it holds.
public struct IssuedNumbers: Sendable, Hashable {
    package var modal: UInt64
    package var screen: UInt64

    package init(modal: UInt64 = 1, screen: UInt64 = 1) {
        self.modal = modal
        self.screen = screen
    }

    /// The larger of each number: a store keeps the highest it was told, never lowers it.
    package func union(_ other: IssuedNumbers) -> IssuedNumbers {
        IssuedNumbers(modal: max(modal, other.modal), screen: max(screen, other.screen))
    }
}

/// An entry as stored: enough to rebuild it after a restart.
///
/// A value type whose fields live in one shared box, copied only when a shared record is changed: a
/// push makes two records (the new entry, and the one it replaces, R6) that travel as `persist`
/// effects to the store and are dropped. Held inline, each record would be built, copied into its
/// effect and destroyed field by field (every string and the params); boxed, it is one allocation and
/// every copy is one reference.
public struct EntryRecord: Sendable, Hashable {
    private var fields: Fields

    /// True when the router made this record as the entry arrived (its first record ever), false for
    /// every later change and for a record built or loaded outside the router.
    ///
    /// A store keeps only live entries, so it can skip an entry whose first record in a commit is its
    /// arrival and whose last is final (replaced, say, in the turn it arrived in): it was never stored
    /// and needs neither an insert nor a delete. False is always safe, it only costs a delete of a row
    /// that is not there. Not part of `==` or the hash: it says how the record came to the store, not
    /// what the entry is.
    package internal(set) var isArrival = false

    package init(id: String, source: EntrySource, route: String, params: RouteParams, collapseId: String?,
                 kind: String?, priority: Int?, identity: String?, received: Instant, expires: Instant?,
                 state: EntryState, scene: String?, steps: [RouteAction] = []) {
        fields = Fields(id: id, source: source, route: route, params: params, collapseId: collapseId, kind: kind,
                        priority: priority, identity: identity, received: received, expires: expires,
                        state: state, scene: scene, steps: steps)
    }

    package var id: String {
        get { fields.id }
        set { unique().id = newValue }
    }
    package var source: EntrySource {
        get { fields.source }
        set { unique().source = newValue }
    }
    package var route: String {
        get { fields.route }
        set { unique().route = newValue }
    }
    package var params: RouteParams {
        get { fields.params }
        set { unique().params = newValue }
    }
    package var collapseId: String? {
        get { fields.collapseId }
        set { unique().collapseId = newValue }
    }
    package var kind: String? {
        get { fields.kind }
        set { unique().kind = newValue }
    }
    package var priority: Int? {
        get { fields.priority }
        set { unique().priority = newValue }
    }
    package var identity: String? {
        get { fields.identity }
        set { unique().identity = newValue }
    }
    package var received: Instant {
        get { fields.received }
        set { unique().received = newValue }
    }
    package var expires: Instant? {
        get { fields.expires }
        set { unique().expires = newValue }
    }
    package var state: EntryState {
        get { fields.state }
        set { unique().state = newValue }
    }
    /// The scene the entry waits for or was handed to.
    package var scene: String? {
        get { fields.scene }
        set { unique().scene = newValue }
    }
    /// The steps of a route action still to run for this entry, without presenting it (docs/PROTOCOL.md, across restarts):
    /// those an accepted action left for after its modal's dismissal, or a launch's chosen action.
    package var steps: [RouteAction] {
        get { fields.steps }
        set { unique().steps = newValue }
    }

    /// Whether a store keeps this entry: it waits (`pending`, `queued`, `presenting`), or it is
    /// `presented` and steps of its action have yet to go out. An entry in a final state is never
    /// kept, whatever steps its record carries: every finished entry leaves the store.
    package var isLive: Bool { !state.isTerminal || (state == .presented && !steps.isEmpty) }

    /// This record, marked as the entry's arrival when `arrival` is true.
    func marked(arrival: Bool) -> EntryRecord {
        var record = self
        record.isArrival = arrival
        return record
    }

    /// The box, copied first when another record shares it.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    public static func == (lhs: EntryRecord, rhs: EntryRecord) -> Bool {
        lhs.fields === rhs.fields || lhs.fields.hasSameValues(as: rhs.fields)
    }

    public func hash(into hasher: inout Hasher) {
        fields.hash(into: &hasher)
    }

    /// The fields of one or more equal records. Changed only through a record that holds the only
    /// reference to it (`unique()`), so sharing it between threads is as safe as sharing a value.
    private final class Fields: @unchecked Sendable {
        var id: String
        var source: EntrySource
        var route: String
        var params: RouteParams
        var collapseId: String?
        var kind: String?
        var priority: Int?
        var identity: String?
        var received: Instant
        var expires: Instant?
        var state: EntryState
        var scene: String?
        var steps: [RouteAction]

        init(id: String, source: EntrySource, route: String, params: RouteParams, collapseId: String?,
             kind: String?, priority: Int?, identity: String?, received: Instant, expires: Instant?,
             state: EntryState, scene: String?, steps: [RouteAction]) {
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
            self.steps = steps
        }

        func copy() -> Fields {
            Fields(id: id, source: source, route: route, params: params, collapseId: collapseId, kind: kind,
                   priority: priority, identity: identity, received: received, expires: expires, state: state,
                   scene: scene, steps: steps)
        }

        func hasSameValues(as other: Fields) -> Bool {
            id == other.id && source == other.source && route == other.route && params == other.params
                && collapseId == other.collapseId && kind == other.kind && priority == other.priority
                && identity == other.identity && received == other.received && expires == other.expires
                && state == other.state && scene == other.scene && steps == other.steps
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(source)
            hasher.combine(route)
            hasher.combine(params)
            hasher.combine(collapseId)
            hasher.combine(kind)
            hasher.combine(priority)
            hasher.combine(identity)
            hasher.combine(received)
            hasher.combine(expires)
            hasher.combine(state)
            hasher.combine(scene)
            hasher.combine(steps)
        }
    }
}

/// A key of the dedupe window seen at an instant: a sender-given id or a launch-entry fingerprint.
public struct SeenKey: Sendable, Hashable {
    package var name: DedupeKey
    package var at: Instant

    package init(_ name: DedupeKey, at: Instant) {
        self.name = name
        self.at = at
    }

    /// A key as the store keeps it (`DedupeKey.stored`).
    package init(key: String, at: Instant) {
        self.init(DedupeKey(stored: key), at: at)
    }

    /// The key as the store keeps it: `id:` and the sender id, or the launch fingerprint.
    package var key: String { name.stored }
}

/// What makes a repeat a duplicate (R18): a sender id, or a launch entry's fingerprint.
///
/// A sender id is kept without the `id:` its stored form starts with: a push or open with an id looks
/// its key up on arrival, and building `"id:" + id` made a new string for every one of them.
package struct DedupeKey: Sendable, Hashable {
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
    package init(stored: String) {
        if stored.utf8.starts(with: Self.senderIdPrefix.utf8) {
            value = String(decoding: stored.utf8.dropFirst(Self.senderIdPrefix.utf8.count), as: UTF8.self)
            isSenderId = true
        } else {
            value = stored
            isSenderId = false
        }
    }

    /// A key in its stored form, given as UTF-8 bytes (repaired where they are not valid UTF-8).
    init(storedUTF8 bytes: ByteView) {
        let prefix = Self.senderIdPrefix.utf8
        if bytes.starts(with: prefix) {
            value = bytes.extracting(from: prefix.count).string
            isSenderId = true
        } else {
            value = bytes.string
            isSenderId = false
        }
    }

    /// `id:` and the sender id, or the launch fingerprint.
    package var stored: String { isSenderId ? Self.senderIdPrefix + value : value }

    /// How many UTF-8 bytes `stored` has, without making it.
    var storedUTF8Count: Int { (isSenderId ? Self.senderIdPrefix.utf8.count : 0) + value.utf8.count }

    static let senderIdPrefix = "id:"
}
