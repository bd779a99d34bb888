/// The modal slot's ops (R3, R9, R12): presented, dismissed, action; and the steps of an action that
/// outlive the modal they were chosen on (docs/PROTOCOL.md, across restarts and "Every step reaches the app").
extension Router {
    /// The present is acknowledged: the entry is consumed (R16: the reply follows the commit).
    mutating func presented(_ name: String, modal: String) {
        guard var slot = scenes[name]?.slot, slot.modal == modal else { return }
        if slot.phase == .presenting { slot.phase = .shown }
        if slot.entry.state == .presenting { move(&slot.entry, to: .presented, scene: name) }
        scenes[name]?.slot = slot
    }

    /// Frees the slot when it names the active modal; otherwise a harmless no-op (R9). The entry ends
    /// `done`, unless an action left steps for after this dismissal (R12): they go out now through the
    /// scene's outbox, and the entry ends `done` once they were written.
    mutating func dismissed(_ name: String, modal: String) {
        guard let index = scenes.index(forKey: name), let slot = scenes.values[index].slot, slot.modal == modal else {
            return
        }
        scenes.values[index].slot = nil
        var entry = slot.entry
        if !entry.steps.isEmpty {
            scenes.values[index].outbox.append(entry)
        } else if entry.state == .presenting || entry.state == .presented {
            move(&entry, to: .done, scene: name)
        }
    }

    /// Runs a route action (R12). An action proves the modal is shown, acknowledged or not. Its
    /// `dismiss` comes first (the config refuses any other order): the modal is dismissed now, and
    /// the steps after it are recorded to go out once the scene acknowledged the dismissal.
    mutating func act(_ name: String, modal: String, action: String) -> Result<ReplyBody, WireError> {
        guard let slot = scenes[name]?.slot, slot.modal == modal else {
            let active = scenes[name]?.slot.map { "the active modal is \($0.modal)" } ?? "no modal is active"
            return .failure(WireError(.badRequest, "modal \"\(modal)\" is not active on scene \"\(name)\" (\(active))"))
        }
        guard !slot.isDismissing else {
            return .failure(WireError(.badRequest, "modal \"\(modal)\" is being dismissed; it takes no more actions"))
        }
        guard let steps = slot.entry.actions[action] else {
            return .failure(WireError(.badRequest, Self.unknownAction(action, route: slot.entry.route,
                                                                      actions: slot.entry.actions)))
        }
        guard steps.isEmpty || steps.first == .dismiss else {
            // A config built in code skips the validator that refuses this (`checkDismissFirst`).
            return .failure(WireError(.badRequest, "action \"\(action)\" of route \"\(slot.entry.route)\" does not "
                + "begin with dismiss, so its steps would start under the modal; fix the config's action"))
        }
        presented(name, modal: modal)
        guard let connection = scenes[name]?.connection, var shown = scenes[name]?.slot else { return .success(.ok) }
        guard !steps.isEmpty else {
            // An action with no step: the modal stays, and the entry has nothing more to do.
            if shown.entry.state == .presented { move(&shown.entry, to: .done, scene: name) }
            scenes[name]?.slot = shown
            return .success(.ok)
        }
        shown.phase = .dismissing
        shown.entry.steps = RouteAction.afterDismissal(steps)
        if !shown.entry.steps.isEmpty { recordSteps(of: shown.entry) }
        scenes[name]?.slot = shown
        turn.send(connection, .dismiss(scene: name, modal: shown.modal))
        return .success(.ok)
    }

    static func unknownAction(_ action: String, route: String, actions: [String: [RouteAction]]) -> String {
        let known = actions.keys.sorted().joined(separator: ", ")
        return "action \"\(action)\" is not an action of route \"\(route)\" (it has: \(known.isEmpty ? "none" : known))"
    }

    /// Ends the acknowledged modal of a scene that is gone or reset: the modal went with its window,
    /// so its dismissal counts as done. The steps an accepted action left for after that dismissal
    /// wait for a scene of this name to be ready again (`resumeRuns`), unless the scene was reset,
    /// which withdraws them as a retraction would. A present never acknowledged is not this one's to
    /// end: it is handed over again (R15) or retracted (R11) with the scene's queue.
    mutating func endShownModal(_ slot: ModalSlot?, of name: String, reset: Bool) {
        guard var entry = slot?.entry else { return }
        if !entry.steps.isEmpty {
            if reset { cancelSteps(of: &entry, endingAs: .retracted) } else { runs.append(entry) }
        } else if entry.state == .presented {
            move(&entry, to: .done, scene: name)
        }
    }

    /// Hands the steps left waiting for scene `name` to its outbox, now that it is ready: each whose
    /// route's gates are open, in the order they were accepted; the entry ends `done` once they were
    /// written.
    mutating func resumeRuns(on name: String) {
        guard !runs.isEmpty, let index = scenes.index(forKey: name), scenes.values[index].isReady else { return }
        let gates = scenes.values[index].gates
        var kept: [Entry] = []
        for var entry in runs {
            if entry.scene == name || entry.scene == nil, gates.allow(entry) {
                entry.scene = name
                scenes.values[index].outbox.append(entry)
            } else {
                kept.append(entry)
            }
        }
        runs = kept
    }

    /// Withdraws an entry's remaining steps without running them: a `presented` entry ends in `state`;
    /// one already `done` (an earlier action of its modal completed) stays so and only loses them.
    mutating func cancelSteps(of entry: inout Entry, endingAs state: EntryState) {
        entry.steps = []
        if entry.state == .presented { move(&entry, to: state) } else { recordSteps(of: entry) }
    }

    /// Records an entry whose steps changed while its state did not, so that the store keeps exactly
    /// the steps still to run (none: it forgets the entry). Watchers hear of it when its state changes.
    mutating func recordSteps(of entry: Entry) {
        if persisting { turn.persists.append(.entry(entry.record)) }
    }

    /// Removes and returns the waiting runs that match, in the order they were accepted.
    mutating func removeRuns(where matches: (Entry) -> Bool) -> [Entry] {
        let taken = runs.filter(matches)
        runs.removeAll(where: matches)
        return taken
    }
}
