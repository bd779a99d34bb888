@testable import EntryRouter

/// What the test believes about each scene, from the inputs it handed in and the presents it saw.
struct SceneModel {
    var connection: [String: UInt64] = [:]
    var ready: Set<String> = []
    var busy: Set<String> = []
    var gates: [String: Set<String>] = [:]
    var active: [String: (modal: String, entry: String)] = [:]

    mutating func forget(_ name: String) {
        connection[name] = nil
        ready.remove(name)
        busy.remove(name)
        gates[name] = nil
        active[name] = nil
    }

    /// Follows an input the router was handed (ops from a connection not the scene's are refused).
    mutating func apply(_ input: Input) {
        switch input {
        case .disconnected(let connection):
            for (name, owner) in self.connection where owner == connection.raw { forget(name) }
        case .request(let from, let request):
            guard case .scene(let name, let op) = request.op else { return }
            if case .connect = op {
                forget(name)
                connection[name] = from.raw
                return
            }
            guard connection[name] == from.raw else { return }
            switch op {
            case .appeared(let screen) where screen == "home": ready.insert(name)
            case .dismissed(let modal) where active[name]?.modal == modal: active[name] = nil
            case .busy(let flag): if flag { busy.insert(name) } else { busy.remove(name) }
            case .background: ready.remove(name)
            case .gate(let gate, let open):
                if open { gates[name, default: []].insert(gate) } else { gates[name]?.remove(gate) }
            case .reset:
                ready.remove(name)
                gates[name] = nil
                active[name] = nil
            default: break
            }
        default: return
        }
    }
}

/// The invariants of the model test, checked after every turn.
struct ModelChecker {
    var model = SceneModel()
    /// Every state each entry was recorded in, in order.
    var history: [String: [EntryState]] = [:]

    /// Checks one turn's effects against what the model knew when the turn's decisions were made.
    mutating func check(_ effects: [Effect], router: Router, now: Instant) -> [String] {
        var problems: [String] = []
        var presentedOn: Set<String> = []
        let records = effects.records
        for record in records {
            let before = history[record.id, default: []]
            // A presented or done entry is recorded again when an action leaves it steps to run, or
            // when they ran.
            if let last = before.last, last.isTerminal, !(last == .presented && [.done, .retracted].contains(record.state)),
               !([.presented, .done].contains(last) && record.state == last) {
                problems.append("\(record.id) left terminal state \(last) for \(record.state)")
            }
            if record.state == .presenting, before.contains(where: \.isTerminal) {
                problems.append("\(record.id) presented again after \(before)")
            }
            history[record.id, default: []].append(record.state)
        }
        for effect in effects {
            guard case .send(let to, .event(let event)) = effect else { continue }
            switch event {
            case .present(let scene, let modal, _, let route, let entry, _):
                problems += checkPresent(scene: scene, to: to, route: route, entry: entry, records: records, now: now)
                if !presentedOn.insert(scene).inserted { problems.append("two presents on \(scene) in one turn") }
                model.active[scene] = (modal, entry)
            case .show(let scene, _, _, _, let entry, _, _, _, _):
                if !model.ready.contains(scene) { problems.append("\(entry) shown on \(scene) before home appeared") }
            default: break
            }
        }
        for name in presentedOn { problems += checkPriority(on: name, router: router) }
        return problems + checkQuiescence(router) + checkConsistency(router)
    }

    private func checkPresent(scene: String, to: ConnectionID, route: String, entry: String, records: [EntryRecord],
                              now: Instant) -> [String] {
        var problems: [String] = []
        if model.connection[scene] != to.raw { problems.append("\(entry) presented to a connection not \(scene)'s") }
        if !model.ready.contains(scene) { problems.append("\(entry) presented on \(scene) before home appeared") }
        if model.busy.contains(scene) { problems.append("\(entry) presented on busy \(scene)") }
        if let active = model.active[scene] { problems.append("\(entry) presented over active \(active.modal)") }
        if route == "invitation", model.gates[scene]?.contains("signedIn") != true {
            problems.append("\(entry) presented on \(scene) before its gate opened")
        }
        if let expires = records.last(where: { $0.id == entry })?.expires, now > expires {
            problems.append("\(entry) presented after its expiry")
        }
        return problems
    }

    /// Nothing left in the queue should have gone first (R4, R5).
    private func checkPriority(on name: String, router: Router) -> [String] {
        guard let scene = router.scenes[name], let shown = scene.slot?.entry else { return [] }
        return scene.queue.entries.filter { ($0.priority, $0.seq) < (shown.priority, shown.seq) }
            .map { "\(shown.id) presented on \(name) before \($0.id), which goes first" }
    }

    /// After a turn nothing is left undecided.
    private func checkQuiescence(_ router: Router) -> [String] {
        var problems: [String] = []
        let ready = router.scenes.values.filter(\.isReady)
        for scene in ready {
            if scene.outbox.room(limit: router.limits.maxShowsInFlight) > 0 {
                problems.append("unsent shows on ready \(scene.name) with room in flight")
            }
            if !scene.busy, scene.slot == nil, !scene.queue.isEmpty { problems.append("idle \(scene.name) has a queue") }
        }
        for entry in router.inbox.entries(where: { _ in true }) {
            if entry.scene == nil, !ready.isEmpty { problems.append("\(entry.id) unassigned while a scene is ready") }
            if let name = entry.scene, let scene = router.scenes[name], scene.isReady, scene.gates.allow(entry) {
                problems.append("\(entry.id) pending for \(name), which could take it")
            }
        }
        return problems
    }

    /// Every entry the router holds is in exactly one place, in the state last recorded for it, and
    /// every entry recorded as waiting is held.
    private func checkConsistency(_ router: Router) -> [String] {
        var held: [String: EntryState] = [:]
        var problems: [String] = []
        var all = router.inbox.entries(where: { _ in true })
        for scene in router.scenes.values {
            all += scene.queue.entries + scene.outbox.inFlight + scene.outbox.unsent + (scene.slot.map { [$0.entry] } ?? [])
        }
        for entry in all {
            if held.updateValue(entry.state, forKey: entry.id) != nil { problems.append("\(entry.id) held twice") }
            if history[entry.id]?.last != entry.state { problems.append("\(entry.id) is \(entry.state), recorded otherwise") }
        }
        for (id, states) in history where states.last.map({ !$0.isTerminal }) == true && held[id] == nil {
            problems.append("\(id) recorded \(states.last!) but not held")
        }
        let waiting = all.filter { $0.state == .pending || $0.state == .queued }.count
        if router.waitingCount != waiting { problems.append("counts say \(router.waitingCount) waiting, \(waiting) held") }
        return problems
    }
}
