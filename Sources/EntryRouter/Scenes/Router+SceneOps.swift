/// The scene ops of SPEC §3.2 that change what a scene can take: connect, appeared, busy,
/// background, gate, reset. Modal and screen ops live beside this file.
extension Router {
    mutating func sceneOp(_ name: String, _ op: SceneOp, from connection: ConnectionID) -> Result<ReplyBody, WireError> {
        if case .connect(let launch) = op { return connect(name, launch: launch, from: connection) }
        guard scenes[name]?.connection == connection else {
            if knownScenes.contains(name) {
                return .failure(WireError(.notAScene, "scene \"\(name)\" is not this connection's; "
                    + "send scene.connect with scene \"\(name)\" on this connection first"))
            }
            return .failure(WireError(.unknownScene, "no scene \"\(name)\" has connected; send scene.connect first"))
        }
        switch op {
        case .connect: return .success(.ok)
        case .appeared(let screen): appeared(name, screen: screen)
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
        }
        return .success(.ok)
    }

    /// A scene exists, not ready yet (R2, R15). A name still connected is taken over. A launch entry
    /// that cannot be routed refuses the whole connect, so nothing changes.
    private mutating func connect(_ name: String, launch: LaunchEntry?, from connection: ConnectionID)
        -> Result<ReplyBody, WireError> {
        let routed = launch.map(route)
        if case .failure(let error)? = routed {
            return .failure(WireError(error.code, "launch: \(error.message); scene \"\(name)\" was not connected"))
        }
        if scenes[name] != nil { drop(scene: name) }
        scenes[name] = Scene(name: name, connection: connection, config: config)
        knownScenes.insert(name)
        announce(name, .connected)
        guard let launch, let routed else { return .success(.ok) }
        if case .refused(let error) = admit(routed, source: .launch, id: nil, collapseId: nil, expiration: nil,
                                            dedupeKey: DedupeKey(fingerprint: LaunchFingerprint.key(launch)),
                                            scene: name) {
            return .failure(WireError(error.code,
                                      "scene \"\(name)\" is connected, but its launch entry was not kept: \(error.message)"))
        }
        return .success(.ok)
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
        announce(name, .gate)
        if open {
            handOver(to: name)
        } else if let gates = scenes[name]?.gates {
            hold(scenes[name]?.removeWaiting { !gates.allow($0.requires) } ?? [], for: name)
        }
        return .success(.ok)
    }

    /// R11: nothing from before the reset is presented after it. The queue, the unsent shows, a present
    /// not yet acknowledged, and the pending entries this scene could take end `retracted`; the slot
    /// and the stacks are cleared, every gate closes, and the scene waits for home again.
    private mutating func reset(_ name: String) {
        guard var retracted = scenes[name]?.takeUnconsumed() else { return }
        let homeTab = config.homeTab
        scenes[name]?.slot = nil
        scenes[name]?.gates.closeAll()
        scenes[name]?.readySince = nil
        scenes[name]?.stacks.removeAll()
        scenes[name]?.tab = homeTab
        retracted += inbox.removeAll { $0.scene == nil || $0.scene == name }
        for var entry in retracted.sorted(by: { $0.seq < $1.seq }) {
            move(&entry, to: .retracted)
        }
        announce(name, .reset)
    }

    /// R15: the connection's scenes are gone, and so is its watch.
    mutating func disconnect(_ connection: ConnectionID) {
        turn.gone.insert(connection)
        watchers.remove(connection)
        for name in scenes.keys.sorted() where scenes[name]?.connection == connection { drop(scene: name) }
    }

    /// Forgets a scene (disconnect or takeover). A present not yet acknowledged, the queue, the unsent
    /// shows and the entries pending for it go back to unassigned `pending`; an acknowledged modal
    /// stays consumed.
    private mutating func drop(scene name: String) {
        guard var scene = scenes.removeValue(forKey: name) else { return }
        let released = scene.takeUnconsumed() + inbox.removeAll { $0.scene == name }
        announce(name, .disconnected)
        release(released)
    }
}
