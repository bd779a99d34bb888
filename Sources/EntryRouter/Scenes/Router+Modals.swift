/// The modal slot's ops (R3, R9, R12): presented, dismissed, action; and the steps of an action that
/// outlive the modal they were chosen on (SPEC §2.1).
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
        let steps = entry.takeSteps()
        if entry.state == .presenting || entry.state == .presented {
            move(&entry, to: .done, scene: name)
        } else if !steps.isEmpty {
            recordSteps(of: entry)
        }
        run(steps, of: entry, on: name)
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
            return .failure(WireError(.badRequest, Self.unknownAction(action, route: slot.entry.route,
                                                                      actions: slot.entry.actions)))
        }
        presented(name, modal: modal)
        if run(steps, of: slot.entry, on: name), var entry = scenes[name]?.slot?.entry, entry.state == .presented {
            move(&entry, to: .done, scene: name)
            scenes[name]?.slot?.entry = entry
        }
        return .success(.ok)
    }

    static func unknownAction(_ action: String, route: String, actions: [String: [RouteAction]]) -> String {
        let known = actions.keys.sorted().joined(separator: ", ")
        return "action \"\(action)\" is not an action of route \"\(route)\" (it has: \(known.isEmpty ? "none" : known))"
    }

    /// Runs steps in order. A `dismiss` of the modal that shows `entry` sends the dismissal and leaves
    /// the later steps to wait for its acknowledgement, as the entry's `steps`, recorded so that a
    /// restart keeps them; a `dismiss` with no such modal (its window is gone, or a launch's action
    /// ran without one) has nothing to do. Returns whether every step ran.
    @discardableResult
    mutating func run(_ steps: [RouteAction], of entry: Entry, on name: String) -> Bool {
        for (index, step) in steps.enumerated() {
            switch step {
            case .dismiss:
                guard let scene = scenes[name], var slot = scene.slot, slot.entry.id == entry.id else { continue }
                slot.phase = .dismissing
                slot.entry.steps = Array(steps[(index + 1)...])
                scenes[name]?.slot = slot
                if !slot.entry.steps.isEmpty { recordSteps(of: slot.entry) }
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

    /// Runs the steps left waiting for scene `name`, now that it is ready: each whose route's gates
    /// are open runs, in the order they were accepted, and its entry ends `done`.
    mutating func resumeRuns(on name: String) {
        guard !runs.isEmpty, scenes[name]?.isReady == true, let gates = scenes[name]?.gates else { return }
        var index = 0
        while index < runs.count {
            guard runs[index].scene == name, gates.allow(runs[index].requires) else {
                index += 1
                continue
            }
            var entry = runs.remove(at: index)
            let steps = entry.takeSteps()
            run(steps, of: entry, on: name)
            if entry.state == .done { recordSteps(of: entry) } else { move(&entry, to: .done, scene: name) }
        }
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
