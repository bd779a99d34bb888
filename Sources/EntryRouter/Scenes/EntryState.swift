/// The life of an entry (docs/PROTOCOL.md): `pending` → `queued` → `presenting` → `presented` → `done`,
/// with the side exits `replaced`, `retracted`, `expired`, `duplicate` and `updated`.
public enum EntryState: String, Sendable, Hashable, CaseIterable {
    case pending
    case queued
    case presenting
    case presented
    case done
    case replaced
    case retracted
    case expired
    case duplicate
    case updated

    /// A terminal state is never left again; only `pending`, `queued` and `presenting` move on.
    package var isTerminal: Bool {
        switch self {
        case .pending, .queued, .presenting: return false
        case .presented, .done, .replaced, .retracted, .expired, .duplicate, .updated: return true
        }
    }

    /// A final state leaves nothing to do for the entry, not even an accepted action's steps; only
    /// `presented` is terminal and not final, for the steps its action may still have to send.
    package var isFinal: Bool { isTerminal && self != .presented }
}
