/// The scene ops of docs/PROTOCOL.md that change what a scene can take: connect, appeared, busy,
/// background, gate, reset, discarded. Modal and screen ops live beside this file, and the steps a
/// scene confirms in `Router+Steps.swift`.
extension Router {
    mutating func sceneOp(_ name: String, _ op: SceneOp, from connection: ConnectionID) -> Result<ReplyBody, WireError> {
        switch op {
        case .connect(let launch, let launchId, let launchAction, let confirms):
            return connect(name, launch: launch.map { Launch(entry: $0, id: launchId, action: launchAction) },
                           confirms: confirms, from: connection)
        case .discarded:
            discard(name)
            return .success(.ok)
        default:
            break
        }
        guard scenes[name]?.connection == connection else {
            if knownScenes.contains(name) {
                return .failure(WireError(.notAScene, "scene \"\(name)\" is not this connection's; "
                    + "send scene.connect with scene \"\(name)\" on this connection first"))
            }
            return .failure(WireError(.unknownScene, "no scene \"\(name)\" has connected; send scene.connect first"))
        }
        switch op {
        case .connect, .discarded: return .success(.ok)
        case .appeared(let screen):
            appeared(name, screen: screen)
            return .success(.appeared(readiness(of: name)))
        case .presented(let modal): presented(name, modal: modal)
        case .dismissed(let modal): dismissed(name, modal: modal)
        case .action(let modal, let action): return act(name, modal: modal, action: action)
        case .busy(let busy):
            scenes[name]?.busy = busy
            announce(name, busy ? .busy : .idle)
        case .pushed(let screen, let parent): return pushed(name, screen: screen, parent: parent)
        case .finish(let screen): return finish(name, screen: screen)
        case .background: background(name)
        case .gate(let gate, let open): return setGate(name, gate: gate, open: open)
        case .reset: reset(name)
        case .handled(let step): handled(name, step: step)
        }
        return .success(.ok)
    }

    /// A scene's launch, as `scene.connect` carries it (R2, docs/PROTOCOL.md, across restarts).
    struct Launch {
        var entry: LaunchEntry
        /// The notification's identifier: replay protection goes by it when given (R18).
        var id: String?
        /// The notification action the user chose: its steps run once the scene is ready.
        var action: String?

        /// What makes a replay of this launch a duplicate: its notification's id, else the entry itself.
        var dedupeKey: DedupeKey {
            DedupeKey(fingerprint: id.map { "launch:id:" + $0 } ?? LaunchFingerprint.key(entry))
        }
    }

    /// A scene exists, not ready yet (R2, R15). A name still connected is taken over. The scene
    /// connects whatever its launch entry is: one that cannot be kept (no route, an unknown action, a
    /// full inbox) is refused in the reply, and nothing else changes for it. A connection that holds
    /// `maxScenesPerConnection` scenes already is refused a new name, and nothing changes.
    private mutating func connect(_ name: String, launch: Launch?, confirms: Bool, from connection: ConnectionID)
        -> Result<ReplyBody, WireError> {
        if scenes[name]?.connection != connection {
            let held = scenes.values.reduce(0) { $0 + ($1.connection == connection ? 1 : 0) }
            if held >= limits.maxScenesPerConnection {
                return .failure(WireError(.notAllowed, "this connection holds \(held) scenes, the limit "
                    + "(serve --max-scenes \(limits.maxScenesPerConnection)); disconnect one of them, or connect "
                    + "scene \"\(name)\" on another connection"))
            }
        }
        if scenes[name] != nil { drop(scene: name) }
        scenes[name] = Scene(name: name, connection: connection, config: config)
        scenes[name]?.confirms = confirms
        knownScenes.insert(name)
        announce(name, .connected)
        var setup = SceneSetup(home: config.home, tabs: config.tabs, gates: config.gates)
        if let launch { setup.launchRefusal = admitLaunch(launch, on: name) }
        return .success(.connected(setup))
    }

    /// Whether scene `name` is ready, and what it still waits for.
    private func readiness(of name: String) -> SceneReadiness {
        let gates = scenes[name]?.gates
        return SceneReadiness(ready: scenes[name]?.isReady == true, home: config.home,
                              closedGates: config.gates.filter { gates?.allow([$0]) != true })
    }

    /// Admits a launch entry for scene `name`; the reason it was not kept, if it was not. With an
    /// action, the entry carries the action's steps and is never presented: they run when the scene
    /// takes it (`dismiss` steps find no modal and do nothing).
    private mutating func admitLaunch(_ launch: Launch, on name: String) -> WireError? {
        let routed = route(launch.entry)
        var steps: [RouteAction] = []
        if let action = launch.action, case .success(let match) = routed {
            guard let actionSteps = match.actions[action], !actionSteps.isEmpty else {
                return WireError(.badRequest, "launch action: "
                    + Self.unknownAction(action, route: match.route, actions: match.actions))
            }
            steps = actionSteps
        }
        let admission = admit(routed, source: .launch, id: nil, collapseId: nil, expiration: nil,
                              dedupeKey: launch.dedupeKey, scene: name, steps: steps)
        if case .refused(let error) = admission { return WireError(error.code, "launch: \(error.message)") }
        return nil
    }

    /// A tab appearing becomes the current tab (R13c); home appearing makes the scene ready and the
    /// most recent one (R1, R13b).
    private mutating func appeared(_ name: String, screen: String) {
        if config.tabs.contains(screen) { scenes[name]?.tab = screen }
        guard screen == config.home, let wasReady = scenes[name]?.isReady else { return }
        scenes[name]?.readySince = nextReadySince
        nextReadySince += 1
        if !wasReady { announce(name, .ready) }
        handOver(to: name)
    }

    /// Not ready until home appears again: what the scene held waits pending for it.
    private mutating func background(_ name: String) {
        scenes[name]?.readySince = nil
        announce(name, .background)
        hold(scenes[name]?.removeWaiting { _ in true } ?? [], for: name)
    }

    private mutating func setGate(_ name: String, gate: String, open: Bool) -> Result<ReplyBody, WireError> {
        guard config.gates.contains(gate) else {
            return .failure(WireError(.badRequest, "gate \"\(gate)\" is not one of the config's gates "
                + "(\(config.gates.joined(separator: ", "))); add it to \"gates\" or fix the scene's gate name"))
        }
        scenes[name]?.gates.set(gate, open: open)
        tellWatchers(.gate(scene: name, gate: gate, open: open))
        if open {
            handOver(to: name)
        } else if let gates = scenes[name]?.gates {
            hold(scenes[name]?.removeWaiting { !gates.allow($0) } ?? [], for: name)
        }
        return .success(.ok)
    }

    /// R11: nothing from before the reset is presented after it. The queue, the unsent shows, a present
    /// not yet acknowledged, the pending entries this scene could take and the runs waiting for it end
    /// `retracted`; an acknowledged modal ends `done` (`endShownModal`), and so do the shows that went
    /// out before the reset, whether or not their write completed: pending again, they would be shown
    /// after it. The slot and the stacks are cleared, every gate closes, and the scene waits for home
    /// again.
    private mutating func reset(_ name: String) {
        finishShows(of: name)
        let slot = scenes[name]?.slot
        guard var retracted = scenes[name]?.takeUnconsumed() else { return }
        let homeTab = config.homeTab
        scenes[name]?.slot = nil
        scenes[name]?.gates.closeAll()
        scenes[name]?.readySince = nil
        scenes[name]?.stacks.removeAll()
        scenes[name]?.tab = homeTab
        endShownModal(slot, of: name, reset: true)
        retracted += inbox.removeAll { $0.scene == nil || $0.scene == name }
        for var entry in retracted.sorted(by: { $0.seq < $1.seq }) {
            move(&entry, to: .retracted)
        }
        for var entry in removeRuns(where: { $0.scene == name }) { cancelSteps(of: &entry, endingAs: .retracted) }
        announce(name, .reset)
    }

    /// R15: the connection's scenes are gone, and so is its watch.
    mutating func disconnect(_ connection: ConnectionID) {
        turn.gone.insert(connection)
        watchers.remove(connection)
        stepBytes[connection] = nil
        for name in scenes.keys.sorted() where scenes[name]?.connection == connection { drop(scene: name) }
    }

    /// Forgets a scene (disconnect or takeover). A present not yet acknowledged, the queue, the unsent
    /// outbox entries and the entries pending for it go back to unassigned `pending` (R15); the
    /// outbox entries sent and not yet finished (not written, or not confirmed) are owed to the
    /// scene's name and wait pending for it; an acknowledged modal is consumed and ends `done`, and
    /// what its accepted action had left to send, sent or not, waits for the scene's name
    /// (`endShownModal`, docs/PROTOCOL.md). A scene of that name that connects again gets what it was
    /// owed; `scene.discarded` hands it to the next ready scene instead.
    mutating func drop(scene name: String) {
        guard var scene = scenes.removeValue(forKey: name) else { return }
        let unwritten = scene.outbox.takeInFlight()
        let unconsumed = scene.takeUnconsumed()
        // An accepted action's steps belong to the scene's name, as they did before they went out.
        runs += (unwritten + unconsumed).filter { $0.state == .presented }
        let released = unconsumed.filter { $0.state != .presented } + inbox.removeAll { $0.scene == name }
        announce(name, .disconnected)
        endShownModal(scene.slot, of: name, reset: false)
        release(released)
        // What went out and is not finished is owed to the scene's name: it waits pending for it. An
        // entry in flight did not wait, so its expiry item may be gone: it waits again from now.
        let owed = unwritten.filter { $0.state != .presented }
        for entry in owed {
            if let expires = entry.expires { expiry.add(ExpiryQueue.Item(expires: expires, seq: entry.seq)) }
        }
        hold(owed, for: name)
    }

    /// The app's session of scene `name` was discarded (the user swiped the app away): no scene of
    /// that name comes back, so what it was owed goes to the next ready scene as if it had arrived
    /// for that one: the entries pending for it (among them the steps sent to it and not finished)
    /// wait for any scene again, and an accepted action's steps go to the next scene that is ready.
    /// A scene still connected under that name is dropped first. A name that was owed nothing
    /// changes nothing.
    private mutating func discard(_ name: String) {
        if scenes[name] != nil { drop(scene: name) }
        for var entry in removeRuns(where: { $0.scene == name }) {
            entry.scene = nil
            runs.append(entry)
        }
        release(inbox.removeAll { $0.scene == name })
        for scene in readyScenes() { resumeRuns(on: scene.name) }
    }
}
