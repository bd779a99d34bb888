/// The modal slot's ops (R3, R9, R12): presented, dismissed, action.
extension Router {
    /// The present is acknowledged: the entry is consumed (R16: the reply follows the commit).
    mutating func presented(_ name: String, modal: String) {
        guard var slot = scenes[name]?.slot, slot.modal == modal else { return }
        if slot.phase == .presenting { slot.phase = .shown }
        if slot.entry.state == .presenting { move(&slot.entry, to: .presented, scene: name) }
        scenes[name]?.slot = slot
    }

    /// Frees the slot when it names the active modal; otherwise a harmless no-op (R9). The entry ends
    /// `done`, and the steps of an action that waited for this dismissal run now (R12).
    mutating func dismissed(_ name: String, modal: String) {
        guard let slot = scenes[name]?.slot, slot.modal == modal else { return }
        scenes[name]?.slot = nil
        var entry = slot.entry
        if entry.state == .presenting || entry.state == .presented { move(&entry, to: .done, scene: name) }
        if case .dismissing(let steps) = slot.phase { run(steps, of: entry, on: name) }
    }

    /// Runs a route action (R12). An action proves the modal is shown, acknowledged or not.
    mutating func act(_ name: String, modal: String, action: String) -> Result<ReplyBody, WireError> {
        guard let slot = scenes[name]?.slot, slot.modal == modal else {
            let active = scenes[name]?.slot.map { "the active modal is \($0.modal)" } ?? "no modal is active"
            return .failure(WireError(.badRequest, "modal \"\(modal)\" is not active on scene \"\(name)\" (\(active))"))
        }
        guard !slot.isDismissing else {
            return .failure(WireError(.badRequest, "modal \"\(modal)\" is being dismissed; it takes no more actions"))
        }
        guard let steps = slot.entry.actions[action] else {
            let known = slot.entry.actions.keys.sorted().joined(separator: ", ")
            return .failure(WireError(.badRequest, "action \"\(action)\" is not an action of route "
                + "\"\(slot.entry.route)\" (it has: \(known.isEmpty ? "none" : known))"))
        }
        presented(name, modal: modal)
        if run(steps, of: slot.entry, on: name), var entry = scenes[name]?.slot?.entry, entry.state == .presented {
            move(&entry, to: .done, scene: name)
            scenes[name]?.slot?.entry = entry
        }
        return .success(.ok)
    }

    /// Runs steps in order. A `dismiss` sends the dismissal and leaves the later steps to wait for its
    /// acknowledgement; returns whether every step ran.
    @discardableResult
    private mutating func run(_ steps: [RouteAction], of entry: Entry, on name: String) -> Bool {
        for (index, step) in steps.enumerated() {
            switch step {
            case .dismiss:
                guard let scene = scenes[name], var slot = scene.slot, slot.entry.id == entry.id else { continue }
                slot.phase = .dismissing(then: Array(steps[(index + 1)...]))
                scenes[name]?.slot = slot
                turn.send(scene.connection, .dismiss(scene: name, modal: slot.modal))
                return false
            case .selectTab(let tab):
                selectTab(tab, on: name)
            case .start(let flow):
                guard let scene = scenes[name] else { continue }
                turn.send(scene.connection, .start(scene: name, flow: flow, params: entry.params))
            }
        }
        return true
    }
}
