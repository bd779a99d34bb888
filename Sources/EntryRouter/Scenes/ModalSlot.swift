/// The one modal a scene shows (seed 001): a single optional value on the scene, never a set of flags.
struct ModalSlot: Sendable {
    /// The modal id the scene names in `scene.presented`, `scene.dismissed` and `scene.action`.
    var modal: String
    var entry: Entry
    var phase: Phase

    enum Phase: Sendable, Hashable {
        /// `present` sent, not yet acknowledged: a disconnect now hands the entry back (R15).
        case presenting
        /// The scene acknowledged it; the entry is consumed.
        case shown
        /// `dismiss` sent. The slot stays taken until the scene acknowledges the dismissal (R3); the
        /// steps of an action that came after its `dismiss` (the entry's `steps`) run then (R12).
        case dismissing
    }

    var isDismissing: Bool { phase == .dismissing }

    /// R7: a new entry updates this modal in place when kind and identity value are equal. A route
    /// without identity never does, and neither does a modal already on its way out.
    func isUpdated(by new: Entry) -> Bool {
        guard !isDismissing, let identity = new.identity, let kind = new.shape.kindSlot else { return false }
        return kind == entry.shape.kindSlot && identity == entry.identity
    }

    var status: SceneStatus.ActiveModal {
        SceneStatus.ActiveModal(modal: modal, kind: entry.kind ?? "", entry: entry.id)
    }
}
