// The reply vocabulary of the wire protocol (docs/PROTOCOL.md), in one place: the member names of
// every line the daemon writes, events and replies (`MessageMember`), and the members each kind of
// reply carries (`ReplyBody.members`). The encoder writes these names (`MessageEncoding.swift`, as
// constants) and the client's reply and event decoders read them; `ReplyVocabularyTests` encodes
// one of each reply and holds its line to them, as `EventVocabularyTests` does for events.

/// The member names of the daemon's lines: `event`, the members of events (`EventName.members`),
/// and those of replies and the objects within them (`ReplyBody.members`).
package enum MessageMember: String, CaseIterable, Sendable {
    case event
    case scene, modal, kind, route, entry, params, tab, step, flow, screen, parent, backStack, reason
    case id, state, what, gate, open
    case req, ok, error, code, message, retracted
    case config, bundle, scenes, pending, next, counts
    case home, tabs, gates, launch, ready, closedGates
    case busy, active, queue, stacks, source, received, expires
}

extension ReplyBody {
    /// The members a reply of this kind carries besides `req`, in the order they are written;
    /// `launch` only when a connecting scene's launch was refused, `home` only while a scene is not
    /// ready, `next` only when more pending entries follow. A failed reply is `ok` and `error`.
    package var members: [MessageMember] {
        switch self {
        case .ok: [.ok]
        case .entry: [.ok, .id, .route, .params, .state]
        case .retracted: [.ok, .retracted]
        case .status: [.ok, .config, .bundle, .scenes, .pending, .next, .counts]
        case .connected: [.ok, .home, .tabs, .gates, .launch]
        case .appeared: [.ok, .ready, .home, .closedGates]
        }
    }
}

extension StatusReport {
    /// The members of each scene `status` lists, in the order they are written.
    package static let sceneMembers: [MessageMember] = [.scene, .ready, .busy, .gates, .tab, .active, .queue, .stacks]
    /// The members of a scene's active modal.
    package static let activeMembers: [MessageMember] = [.modal, .kind, .entry]
    /// The members of each pending entry `status` lists, in the order they are written.
    package static let pendingMembers: [MessageMember] = [.id, .route, .source, .received, .expires, .scene]
}

extension WireError {
    /// The members of a failed reply's `error`, and of a refused launch's.
    package static let members: [MessageMember] = [.code, .message]
}

extension JSONValue {
    /// A member of one of the daemon's lines, read by its declared name.
    package subscript(member: MessageMember) -> JSONValue? { self[member.rawValue] }
}
