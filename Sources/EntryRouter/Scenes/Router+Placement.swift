/// Where entries go (R1, R6, R7, R13b, R17): a ready scene's queue or outbox, or the inbox.
extension Router {
    /// Where an entry goes now.
    enum Destination: Equatable {
        /// Hand it to this ready scene: its gates are open.
        case deliver(String)
        /// Keep it pending: for this scene (its gates are closed, or it is not ready), or for any.
        case wait(String?)
    }

    /// A ready scene as destinations are chosen: its position in `scenes`, so that handing an entry
    /// over changes the scene in place without hashing its name again.
    struct ReadyScene {
        var name: String
        var index: [String: Scene].Index
        var gates: Gates
    }

    /// The ready scenes, the one whose home appeared most recently first. Placing a batch of entries
    /// uses one list for all of them: readiness and gates do not change while entries are placed, and
    /// filtering and sorting the scenes per entry would be most of a hand-over's work.
    func readyScenes() -> [ReadyScene] {
        if scenes.isEmpty { return [] }
        var ready: [(since: UInt64, scene: ReadyScene)] = []
        for index in scenes.indices {
            guard let since = scenes.values[index].readySince else { continue }
            ready.append((since, ReadyScene(name: scenes.keys[index], index: index, gates: scenes.values[index].gates)))
        }
        return ready.sorted { $0.since > $1.since }.map(\.scene)
    }

    /// An entry assigned to a scene waits for that scene. Any other goes to the ready scene whose home
    /// appeared most recently among those whose gates it needs are open; when only scenes with closed
    /// gates are ready, it waits for the most recent one (R17); with none ready, for any scene (R1).
    func destination(for entry: Entry) -> Destination {
        switch target(for: entry, among: readyScenes()) {
        case .deliver(let scene): .deliver(scene.name)
        case .wait(let name): .wait(name)
        }
    }

    /// Where an entry goes, `ready` being `readyScenes()`.
    private enum Target {
        case deliver(ReadyScene)
        case wait(String?)
    }

    private func target(for entry: Entry, among ready: [ReadyScene]) -> Target {
        if let name = entry.scene {
            guard let scene = ready.first(where: { $0.name == name }), scene.gates.allow(entry) else {
                return .wait(name)
            }
            return .deliver(scene)
        }
        if let open = ready.first(where: { $0.gates.allow(entry) }) { return .deliver(open) }
        return .wait(ready.first?.name)
    }

    /// Puts an entry that is in no container where it belongs now and records it; `old` is the state
    /// it had, nil for a new entry.
    /// `tags` are the entry's inbox tags, when the caller has them already.
    mutating func place(_ entry: consuming Entry, from old: EntryState?, tags: Inbox.Tags? = nil) {
        place(entry, from: old, among: readyScenes(), tags: tags)
    }

    private mutating func place(_ entry: consuming Entry, from old: EntryState?, among ready: [ReadyScene],
                                tags: Inbox.Tags? = nil) {
        guard !entry.isExpired(at: turn.now) else {
            entry.state = .expired
            record(entry, from: old)
            return
        }
        switch target(for: entry, among: ready) {
        case .wait(let scene):
            entry.state = .pending
            // An entry that has a scene waits for it, so only an unassigned one can be given one here.
            // Assigning nil over nil would destroy the old optional through a generic value witness.
            if let scene { entry.scene = scene }
            record(entry, from: old)
            if let tags { inbox.add(entry, tags: tags) } else { inbox.add(entry) }
        case .deliver(let scene):
            deliver(entry, to: scene, from: old)
        }
    }

    /// Changes the scene in place (`scenes.values[index]`), never through a copy of it: while a copy
    /// is alive, every append would copy the whole queue or show list.
    private mutating func deliver(_ entry: consuming Entry, to scene: ReadyScene, from old: EntryState?) {
        let index = scene.index
        entry.scene = scene.name
        if !entry.steps.isEmpty {
            // A launch's chosen action goes out, and its modal is never presented (docs/PROTOCOL.md, across restarts). Its
            // `dismiss` has no modal to close; the steps after it leave through the outbox, and the
            // entry is queued there until they were written (docs/PROTOCOL.md).
            entry.steps = RouteAction.afterDismissal(entry.steps)
            entry.state = .queued
            record(entry, from: old)
            scenes.values[index].outbox.append(entry)
            return
        }
        if scenes.values[index].slot?.isUpdated(by: entry) == true, var slot = scenes.values[index].slot {
            slot.entry.params = entry.params
            scenes.values[index].slot = slot
            turn.send(scenes.values[index].connection, .update(scene: scene.name, modal: slot.modal, params: entry.params))
            if slot.entry.state == .presenting {
                // Not yet consumed: a restart hands it over again, with the new params.
                record(slot.entry, from: .presenting)
            }
            entry.state = .updated
            record(entry, from: old)
            return
        }
        entry.state = .queued
        record(entry, from: old)
        if entry.kind == nil { scenes.values[index].outbox.append(entry) } else { scenes.values[index].queue.insert(entry) }
    }

    /// Latest wins (R6): a new entry replaces every waiting entry of its modal kind or collapseId in
    /// the place it goes to: the queue and the gated entries of the scene it is delivered to or waits
    /// for, or the entries pending for no scene (docs/PROTOCOL.md, across restarts: never across scenes, R14). It replaces
    /// nothing when it is about to update the active modal in place (R7), and never a launch entry.
    /// `tags` are the entry's inbox tags.
    mutating func replaceOlder(than entry: Entry, tags: Inbox.Tags) {
        let scope: String?
        switch scenes.isEmpty ? .wait(nil) : destination(for: entry) {
        case .deliver(let name):
            if scenes[name]?.slot?.isUpdated(by: entry) == true { return }
            scope = name
        case .wait(let name):
            scope = name
        }
        var replaced = RemovedEntries()
        inbox.removeSharingKindOrCollapseId(with: entry, waitingFor: scope, collapseIdTag: tags.collapseId,
                                            into: &replaced)
        if let scope, scenes[scope] != nil {
            var keys: [OutboxIndex.Key] = []
            if let kindSlot = entry.shape.kindSlot { keys.append(.kindSlot(kindSlot)) }
            if let collapseId = entry.collapseId { keys.append(.collapseId(collapseId)) }
            replaced.append(contentsOf: scenes[scope]?.removeWaiting(keys) {
                $0.source != .launch && entry.sharesKindOrCollapseId(with: $0)
            } ?? [])
        }
        // Moved out, not copied: a copy of each entry would cost a retain and a release per field.
        while let gone = replaced.popFirst() {
            if gone.expires != nil { expiry.forget(seq: gone.seq) }
            retire(gone, as: .replaced)
        }
    }

    /// Latest wins (R6) for a new pending `entry` that replaces the entry in inbox `slot` alone
    /// (`Inbox.replaceableSlot`): the old entry is retired and the new one recorded, in that order as
    /// `replaceOlder` and `place` do, and the new one takes the old one's slot. Inlined into `admit`,
    /// its one caller on the push path: called, the new entry would be passed to it by address and
    /// moved once more on its way to the inbox.
    @inline(__always)
    mutating func replace(inboxSlot slot: Int32, with entry: consuming Entry, tags: Inbox.Tags) {
        // Bound from the optional `vacate` returns: unwrapped by force, the entry would be copied and
        // the optional destroyed.
        if let gone = inbox.vacate(slot) {
            if gone.expires != nil { expiry.forget(seq: gone.seq) }
            retire(gone, as: .replaced)
        }
        record(entry, from: nil)
        inbox.refill(slot, with: entry, tags: tags)
    }

    /// Hands a ready scene what it may take now: every unassigned pending entry (R1: the first scene
    /// that becomes ready takes them) and its own pending entries whose gates are open (R17).
    /// Runs left waiting for this scene go first: they were accepted before anything pending arrived.
    mutating func handOver(to name: String) {
        guard scenes[name]?.isReady == true, let gates = scenes[name]?.gates else { return }
        resumeRuns(on: name)
        let taken = inbox.entries { $0.scene == nil || ($0.scene == name && gates.allow($0)) }
        // A cold start takes the whole inbox: start a new one rather than unindex entry by entry.
        if taken.count == inbox.count {
            inbox = Inbox()
        } else {
            for entry in taken { inbox.remove(id: entry.id) }
        }
        // Each taken entry is recorded now: growing the records step by step would copy thousands of
        // them. Its show goes out in a later batch, and is recorded again once written.
        turn.persists.reserveCapacity(turn.persists.count + taken.count)
        turn.events.reserveCapacity(turn.events.count + min(taken.count, limits.maxShowsInFlight))
        if let index = scenes.index(forKey: name) {
            scenes.values[index].outbox.reserveCapacity(forMore: taken.count)
        }
        let ready = readyScenes()
        for entry in taken { place(entry, from: .pending, among: ready) }
    }

    /// Entries a gone scene gave back (R15): they wait for any scene again, and a ready one takes them.
    mutating func release(_ entries: [Entry]) {
        let ready = readyScenes()
        for var entry in entries.sorted(by: { $0.seq < $1.seq }) {
            let old = entry.state
            entry.scene = nil
            place(entry, from: old, among: ready)
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
