// The event vocabulary of the wire protocol (docs/PROTOCOL.md, events), in one place: each event's
// name (`EventName`), the members it may carry (`MessageMember`, the names of replies' members too), and which name each `Event` is
// written under (`Event.name`). The encoder writes these names (`MessageEncoding.swift`, as
// constants), the client's decoders switch over `EventName` and read `MessageMember`s, and the
// scenario vocabulary and the docs' event tables derive from them; `EventVocabularyTests` encodes one
// of each `Event` and holds its line to its name and members.
//
// A new event is a case of `Event` and of `EventName` with its members; then the encoder, the
// client's decoder, its row in docs/PROTOCOL.md and its sample in `EventVocabularyTests`: the
// compiler or a test names each one that is missing.

/// The events of the wire protocol by name, as `event` spells them.
package enum EventName: String, CaseIterable, Sendable {
    case present, update, dismiss, selectTab, start, show, pop, detach
    case entry, scene

    /// The members an event of this name may carry besides `event`, in the order they are written:
    /// what an `expect` pattern of a scenario may name.
    package var members: [MessageMember] {
        switch self {
        case .present: [.scene, .modal, .kind, .route, .entry, .params]
        case .update: [.scene, .modal, .params]
        case .dismiss: [.scene, .modal]
        case .selectTab: [.scene, .tab, .step]
        case .start: [.scene, .flow, .entry, .params, .step]
        case .show: [.scene, .screen, .route, .tab, .entry, .params, .parent, .backStack, .step]
        case .pop: [.scene, .screen, .reason]
        case .detach: [.scene, .screen, .parent]
        case .entry: [.id, .state, .route, .scene]
        case .scene: [.scene, .what, .gate, .open, .screen, .reason]
        }
    }
}

extension Event {
    /// The name this event is written under: a watcher's gate and orphan events are `scene` events,
    /// told apart by their `what` (`SceneChange`).
    package var name: EventName {
        switch self {
        case .present: .present
        case .update: .update
        case .dismiss: .dismiss
        case .selectTab: .selectTab
        case .start: .start
        case .show: .show
        case .pop: .pop
        case .detach: .detach
        case .entry: .entry
        case .scene, .gate, .orphanFinish: .scene
        }
    }
}
