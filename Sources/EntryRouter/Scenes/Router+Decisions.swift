/// The end-of-turn decisions (R3, R4, R5, R8, R10, R13b): expire what is due, send the unsent outbox,
/// present the next modal where the slot is free; and finishing the steps a connection has written.
extension Router {
    mutating func decide() {
        expireDue()
        // Sorting the names allocates, even for none or one, so it is skipped when there is no scene;
        // a scene's drain makes a turn of its own for each show it was sent.
        guard !scenes.isEmpty else { return }
        if scenes.count == 1 {
            sendSteps(at: scenes.startIndex)
            presentNext(at: scenes.startIndex)
            return
        }
        for name in scenes.keys.sorted() {
            // Deciding changes scenes, never which scenes there are: the index stays valid.
            guard let index = scenes.index(forKey: name) else { continue }
            sendSteps(at: index)
            presentNext(at: index)
        }
    }

    /// Waiting entries past their expiry end `expired`; an entry already presented is left alone.
    mutating func expireDue() {
        while let first = expiry.first, turn.now > first.expires {
            expiry.removeFirst()
            guard var entry = takeWaiting(seq: first.seq) else { continue }
            move(&entry, to: .expired)
        }
    }

    /// The outbox goes out in arrival order: shows, tab switches and an action's steps never take the
    /// modal slot, so neither a modal nor `busy` holds them back. At most `limits.maxShowsInFlight`
    /// entries are in flight, and the rest go out as the connection drains (`drained`). A sender whose
    /// show went out hears `done`; the entry itself ends `done` once its write completed (`Outbox`).
    /// The scene is reached through its index, not its name, because a hand-over sends a batch in one
    /// turn.
    ///
    /// A batch also stops once the step events sent to the connection since it was last all written
    /// pass `limits.maxStepBytesInFlight` (with none out, the first entry always goes): the output cap counts them,
    /// and a scene with large params or deep back stacks must not reach it with its own hand-over.
    private mutating func sendSteps(at index: [String: Scene].Index) {
        let count = scenes.values[index].sendableSteps(limit: limits.maxShowsInFlight)
        guard count > 0 else { return }
        let name = scenes.keys[index]
        let connection = scenes.values[index].connection
        let confirms = scenes.values[index].confirms
        var spent = stepBytes[connection] ?? 0
        var sent = 0
        while sent < count, spent < limits.maxStepBytesInFlight {
            let before = turn.events.count
            sendSteps(of: scenes.values[index].outbox.send(1), at: index, name, on: connection, confirms: confirms)
            for position in before..<turn.events.count { spent += turn.events[position].1.stepLineBytes }
            sent += 1
        }
        stepBytes[connection] = spent
    }

    /// The step events of `batch`, just moved into flight.
    private mutating func sendSteps(of batch: ArraySlice<Entry>, at index: [String: Scene].Index, _ name: String,
                                    on connection: ConnectionID, confirms: Bool) {
        for entry in batch {
            let steps = StepIDs(entry: entry.id, confirmed: confirms)
            var last: String?
            if !entry.steps.isEmpty {
                last = sendActionSteps(of: entry, at: index, name, on: connection, steps)
            } else {
                switch entry.shape.target {
                case .show(let tab):
                    selectTab(tab, at: index, name, step: steps.tab)
                    last = show(entry, on: tab, at: index, name, connection, steps)
                case .tab(let tab):
                    if selectTab(tab, at: index, name, step: steps.tab) { last = steps.tab }
                case .modal:
                    break
                }
                if entry.seq >= turn.firstSeq { turn.update(seq: entry.seq, state: .done, params: entry.params) }
            }
            if let last { scenes.values[index].outbox.awaitConfirmation(of: last, seq: entry.seq) }
        }
    }

    /// An action's steps (R12) as events; the id of the last one sent, to a scene that confirms. A
    /// `dismiss` among them has no modal left to close: the outbox only holds steps that come after
    /// the modal is gone.
    private mutating func sendActionSteps(of entry: Entry, at index: [String: Scene].Index, _ name: String,
                                          on connection: ConnectionID, _ steps: StepIDs) -> String? {
        var last: String?
        for (position, step) in entry.steps.enumerated() {
            switch step {
            case .dismiss:
                continue
            case .selectTab(let tab):
                if selectTab(tab, at: index, name, step: steps.action(position)) { last = steps.action(position) }
            case .start(let flow):
                turn.send(connection, .start(scene: name, flow: flow, entry: entry.id, params: entry.params,
                                             step: steps.action(position)))
                last = steps.action(position)
            }
        }
        return last
    }

    /// Everything sent to `connection` has been written: the outbox entries in flight to its scenes
    /// end `done` (a scene that confirms finishes only those that wait for no confirmation), and
    /// `decide` sends the next ones. Usually one scene is connected, and it is finished without a
    /// list of names made and sorted (a drain comes after every show of steady traffic).
    mutating func drained(_ connection: ConnectionID) {
        stepBytes[connection] = nil
        if scenes.count == 1 {
            let index = scenes.startIndex
            if scenes.values[index].isOn(connection) { finishWritten(at: index) }
            return
        }
        for name in scenes.keys.sorted() {
            guard let index = scenes.index(forKey: name), scenes.values[index].isOn(connection) else { continue }
            finishWritten(at: index)
        }
    }

    /// The outbox entries in flight to the scene at `index` that wait for no confirmation end
    /// `done`, in arrival order, up to the first that waits.
    mutating func finishWritten(at index: [String: Scene].Index) {
        while var entry = scenes.values[index].outbox.popConfirmed() { move(&entry, to: .done) }
    }

    /// The outbox entries in flight to scene `name` end `done`: they went out before its reset.
    mutating func finishShows(of name: String) {
        guard let index = scenes.index(forKey: name) else { return }
        finishShows(at: index)
    }

    /// The outbox entries in flight to the scene at `index` end `done`, in arrival order: their steps
    /// have left, so the store forgets them. Recording an entry touches no scene, so the index stays
    /// valid.
    private mutating func finishShows(at index: [String: Scene].Index) {
        while var entry = scenes.values[index].outbox.popInFlight() { move(&entry, to: .done) }
    }

    /// One modal at a time (R3), the first of the queue (R4), never on a busy scene (R8).
    private mutating func presentNext(at index: [String: Scene].Index) {
        guard var entry = scenes.values[index].popPresentable() else { return }
        let name = scenes.keys[index]
        let connection = scenes.values[index].connection
        let modal = newModalID()
        move(&entry, to: .presenting, scene: name)
        scenes.values[index].slot = ModalSlot(modal: modal, entry: entry, phase: .presenting)
        turn.send(connection, .present(scene: name, modal: modal, kind: entry.kind ?? "", route: entry.route,
                                             entry: entry.id, params: entry.params))
    }

    /// Sends `selectTab` only when the tab changes (R13c); whether it did.
    @discardableResult
    private mutating func selectTab(_ tab: String, at index: [String: Scene].Index, _ name: String, step: String?) -> Bool {
        guard scenes.values[index].select(tab: tab) else { return false }
        turn.send(scenes.values[index].connection, .selectTab(scene: name, tab: tab, step: step))
        return true
    }
}
