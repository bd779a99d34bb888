/// Where entries go (R1, R6, R7, R13b, R17): a ready scene's queue or unsent shows, or the inbox.
extension Router {
    /// Where an entry goes now.
    enum Destination: Equatable {
        /// Hand it to this ready scene: its gates are open.
        case deliver(String)
        /// Keep it pending: for this scene (its gates are closed, or it is not ready), or for any.
        case wait(String?)
    }

    /// An entry assigned to a scene waits for that scene. Any other goes to the ready scene whose home
    /// appeared most recently among those whose gates it needs are open; when only scenes with closed
    /// gates are ready, it waits for the most recent one (R17); with none ready, for any scene (R1).
    func destination(for entry: Entry) -> Destination {
        if let name = entry.scene {
            guard let scene = scenes[name], scene.isReady, scene.gates.allow(entry.requires) else { return .wait(name) }
            return .deliver(name)
        }
        let ready = scenes.values.filter(\.isReady).sorted { ($0.readySince ?? 0) > ($1.readySince ?? 0) }
        if let open = ready.first(where: { $0.gates.allow(entry.requires) }) { return .deliver(open.name) }
        return .wait(ready.first?.name)
    }

    /// Puts an entry that is in no container where it belongs now and records it; `old` is the state
    /// it had, nil for a new entry.
    mutating func place(_ entry: Entry, from old: EntryState?) {
        var entry = entry
        guard !entry.isExpired(at: turn.now) else {
            entry.state = .expired
            record(entry, from: old)
            return
        }
        switch destination(for: entry) {
        case .wait(let scene):
            entry.state = .pending
            entry.scene = scene
            inbox.add(entry)
            record(entry, from: old)
        case .deliver(let name):
            deliver(entry, to: name, from: old)
        }
    }

    /// Changes the scene in place (`scenes[name]?...`), never through a copy of it: while a copy
    /// is alive, every append would copy the whole queue or show list.
    private mutating func deliver(_ entry: Entry, to name: String, from old: EntryState?) {
        guard let connection = scenes[name]?.connection else { return }
        var entry = entry
        entry.scene = name
        if var slot = scenes[name]?.slot, slot.isUpdated(by: entry) {
            slot.entry.params = entry.params
            scenes[name]?.slot = slot
            turn.send(connection, .update(scene: name, modal: slot.modal, params: entry.params))
            if slot.entry.state == .presenting {
                // Not yet consumed: a restart hands it over again, with the new params.
                record(slot.entry, from: .presenting)
            }
            entry.state = .updated
            record(entry, from: old)
            return
        }
        entry.state = .queued
        if entry.kind == nil { scenes[name]?.shows.append(entry) } else { scenes[name]?.queue.insert(entry) }
        record(entry, from: old)
    }

    /// Latest wins (R6): a new entry replaces every waiting entry of its modal kind or collapseId,
    /// unless it is about to update the active modal in place (R7), which leaves the queue alone.
    mutating func replaceOlder(than entry: Entry) {
        if case .deliver(let name) = destination(for: entry), scenes[name]?.slot?.isUpdated(by: entry) == true {
            return
        }
        var replaced = inbox.removeSharingKindOrCollapseId(with: entry)
        for name in scenes.keys.sorted() {
            replaced += scenes[name]?.removeWaiting { entry.sharesKindOrCollapseId(with: $0) } ?? []
        }
        for var old in replaced { move(&old, to: .replaced, scene: old.scene) }
    }

    /// Hands a ready scene what it may take now: every unassigned pending entry (R1: the first scene
    /// that becomes ready takes them) and its own pending entries whose gates are open (R17).
    mutating func handOver(to name: String) {
        guard scenes[name]?.isReady == true, let gates = scenes[name]?.gates else { return }
        let taken = inbox.removeAll { $0.scene == nil || ($0.scene == name && gates.allow($0.requires)) }
        for entry in taken { place(entry, from: .pending) }
    }

    /// Entries a gone scene gave back (R15): they wait for any scene again, and a ready one takes them.
    mutating func release(_ entries: [Entry]) {
        for var entry in entries.sorted(by: { $0.seq < $1.seq }) {
            let old = entry.state
            entry.scene = nil
            place(entry, from: old)
        }
    }

    /// Entries a scene cannot take for now (background, a closed gate) wait pending for it.
    mutating func hold(_ entries: [Entry], for name: String) {
        for var entry in entries {
            move(&entry, to: .pending, scene: name)
            inbox.add(entry)
        }
    }
}
