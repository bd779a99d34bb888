/// Runs an app's scene for its coordinator: connects, plays the daemon's events to the
/// `EntryCoordinator` in order, acknowledges presents and dismissals once the coordinator has done
/// them, confirms each step (`show`, `selectTab`, `start`) once the coordinator's method returned
/// (`confirms`, on by default: a step written to the app and lost before it acted comes again), and
/// after a disconnect (a daemon restart) connects again and reports again what the app had
/// reported: its gates, whether it is busy, its home and current screen.
///
/// Name the scene with an identifier that stays the same across launches (a constant for a
/// one-window app, or one the app keeps with its scene's state), not a session's identifier: after a
/// force-quit iOS gives the new scene a new session, and what the old name was owed would wait for
/// it. When iOS discards sessions (`application(_:didDiscardSceneSessions:)`), report them with
/// `discarded(scenes:)`: what they were owed goes to the next ready scene.
///
/// The app calls the reporting methods (`appeared`, `gate`, `action`, ...) on the driver rather than
/// on a connection, since the connection changes across a restart. `appeared`, `gate` and `busy`
/// are state: while disconnected they are remembered and sent at the next connect. The others are
/// moments (`action`, `dismissed`, `pushed`, `finish`, `background`, `reset`): they throw while no
/// daemon is connected.
///
/// `connect()` starts the driver once; `stop()` ends it for good: a stopped driver refuses
/// `connect()` and every report with `.stopped`, so that a late call cannot bring back a scene the
/// app let go. A cancelled `connect()` returns at once with `.cancelled` and leaves the driver as it
/// was before, launch entry included, to be connected again.
public actor SceneDriver {
    public nonisolated let name: String
    private let endpoint: Endpoint
    private let coordinator: any EntryCoordinator
    private let confirms: Bool
    private var phase: DriverPhase
    private var reported = Reported()
    private let playedSink: AsyncStream<SceneEvent>.Continuation
    private let receivedSink: AsyncStream<SceneEvent>.Continuation
    /// Every event the driver played, after the coordinator returned and the acknowledgement or
    /// confirmation was answered: what a test awaits (`EntryTesting`'s expectations read it).
    public nonisolated let played: AsyncStream<SceneEvent>
    /// Every event as it reached the app, before the coordinator was called: what a test awaits to
    /// act while the coordinator is still in the middle of it (a dismissal animation held).
    public nonisolated let received: AsyncStream<SceneEvent>

    /// What the app has reported, to report again after a reconnect.
    private struct Reported {
        var homeAppeared = false
        var screen: String?
        var gates: [String: Bool] = [:]
        var busy = false
    }

    public init(scene name: String = "main", launch: Launch? = nil, confirms: Bool = true, endpoint: Endpoint,
                coordinator: any EntryCoordinator) {
        self.name = name
        phase = .idle(launch: launch)
        self.confirms = confirms
        self.endpoint = endpoint
        self.coordinator = coordinator
        (played, playedSink) = AsyncStream.makeStream(of: SceneEvent.self)
        (received, receivedSink) = AsyncStream.makeStream(of: SceneEvent.self)
    }

    /// Connects (with the launch entry, the first time only) and starts playing events; returns what
    /// the daemon said. Once the driver runs, another call returns what the last connect said; while
    /// a connect is under way, another call waits for it.
    ///
    /// Throws `.stopped` after `stop()`, also for a connect that `stop()` interrupted, and
    /// `.cancelled` when the task awaiting it (or the one awaiting the same attempt) is cancelled:
    /// the driver is then idle again, with its launch entry.
    @discardableResult
    public func connect() async throws(EntryClientError) -> SceneInfo {
        let attempt: DriverAttempt
        switch phase {
        case .stopped: throw .stopped(scene: name)
        case .connected(let scene, _): return scene.info
        case .reconnecting(let info, _): return info
        case .connecting(let underWay): attempt = underWay
        case .idle(let launch):
            let (name, confirms, endpoint) = (name, confirms, endpoint)
            attempt = DriverAttempt(launch: launch, task: Task {
                do throws(EntryClientError) {
                    return .success(try await EntryScene(name, launch: launch, confirms: confirms, endpoint: endpoint))
                } catch {
                    return .failure(error)
                }
            })
            phase = .connecting(attempt)
        }
        let task = attempt.task
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        return try settle(attempt, with: result)
    }

    /// Takes the outcome of a connect attempt in whatever phase the driver reached meanwhile.
    private func settle(_ attempt: DriverAttempt, with result: Result<EntryScene, EntryClientError>) throws(EntryClientError) -> SceneInfo {
        switch phase {
        case .stopped:
            if case .success(let scene) = result { scene.close() }
            throw .stopped(scene: name)
        case .connecting(let current) where current.task == attempt.task:
            switch result {
            case .success(let scene):
                adopt(scene)
                return scene.info
            case .failure(let error):
                phase = .idle(launch: attempt.launch)
                throw error
            }
        default:
            // Another caller awaiting the same attempt took its outcome first.
            return try result.get().info
        }
    }

    /// The scene's home screen, once connected.
    public var home: String? {
        switch phase {
        case .connected(let scene, _): scene.info.home
        case .reconnecting(let info, _): info.home
        case .idle, .connecting, .stopped: nil
        }
    }

    /// A screen appeared: the home screen makes the scene ready, a tab makes it the current tab.
    @discardableResult
    public func appeared(screen: String) async throws(EntryClientError) -> Readiness? {
        let scene = try sceneIfConnected()
        if screen == home { reported.homeAppeared = true }
        reported.screen = screen
        return try await whileConnected(scene) { (scene) throws(EntryClientError) in try await scene.appeared(screen: screen) }
    }

    public func gate(_ gate: String, open: Bool) async throws(EntryClientError) {
        let scene = try sceneIfConnected()
        reported.gates[gate] = open
        _ = try await whileConnected(scene) { (scene) throws(EntryClientError) in try await scene.gate(gate, open: open) }
    }

    public func busy(_ busy: Bool) async throws(EntryClientError) {
        let scene = try sceneIfConnected()
        reported.busy = busy
        _ = try await whileConnected(scene) { (scene) throws(EntryClientError) in try await scene.busy(busy) }
    }

    /// The user chose an action on a modal (R12).
    public func action(_ action: String, modal: String) async throws(EntryClientError) {
        try await connectedScene().action(action, modal: modal)
    }

    /// The user closed a modal by themselves (a swipe down, R9).
    public func dismissed(modal: String) async throws(EntryClientError) {
        try await connectedScene().dismissed(modal: modal)
    }

    public func pushed(screen: String, parent: String?) async throws(EntryClientError) {
        try await connectedScene().pushed(screen: screen, parent: parent)
    }

    public func finish(screen: String) async throws(EntryClientError) {
        try await connectedScene().finish(screen: screen)
    }

    public func background() async throws(EntryClientError) {
        let scene = try connectedScene()
        reported.homeAppeared = false
        try await scene.background()
    }

    /// Logout or a root restart (R11): the daemon closes every gate, so the driver forgets them.
    public func reset() async throws(EntryClientError) {
        let scene = try connectedScene()
        reported.gates = reported.gates.mapValues { _ in false }
        try await scene.reset()
    }

    /// The system discarded these scenes' sessions (`application(_:didDiscardSceneSessions:)`, with
    /// the names the app gave their scenes): what each was owed goes to the next ready scene.
    public func discarded(scenes names: [String]) async throws(EntryClientError) {
        let scene = try connectedScene()
        for name in names { try await scene.discarded(scene: name) }
    }

    /// Disconnects for good: a connect under way is abandoned, no reconnect follows, `played` and
    /// `received` end, and every later call throws `.stopped`.
    public func stop() {
        switch phase {
        case .idle, .stopped: break
        case .connecting(let attempt): attempt.task.cancel()
        case .connected(let scene, let player):
            player.cancel()
            scene.close()
        case .reconnecting(_, let task): task.cancel()
        }
        phase = .stopped
        playedSink.finish()
        receivedSink.finish()
    }

    /// The connected scene, for a moment the app reports; it is not remembered, so it needs one.
    private func connectedScene() throws(EntryClientError) -> EntryScene {
        switch phase {
        case .connected(let scene, _): return scene
        case .stopped: throw .stopped(scene: name)
        case .idle, .connecting, .reconnecting: throw .disconnected(path: endpoint.description)
        }
    }

    /// The connected scene, if any, for a piece of state: nil while not connected, since the state
    /// is sent at the next connect; a stopped driver refuses it.
    private func sceneIfConnected() throws(EntryClientError) -> EntryScene? {
        switch phase {
        case .connected(let scene, _): return scene
        case .stopped: throw .stopped(scene: name)
        case .idle, .connecting, .reconnecting: return nil
        }
    }

    /// Sends a piece of state now if connected; a disconnect on the way is not an error, since the
    /// state is sent again when the driver reconnects.
    private func whileConnected<T: Sendable>(_ scene: EntryScene?,
                                             _ send: (EntryScene) async throws(EntryClientError) -> T) async throws(EntryClientError) -> T? {
        guard let scene else { return nil }
        do {
            return try await send(scene)
        } catch .disconnected {
            return nil
        }
    }

    /// Plays `scene`'s events from now on; when they end without `stop()`, the driver reconnects.
    private func adopt(_ scene: EntryScene) {
        let player = Task { [weak self] in
            for await stepped in scene.steppedEvents {
                guard let self, !Task.isCancelled else { return }
                await self.play(stepped, on: scene)
            }
            guard !Task.isCancelled else { return }
            await self?.lost(scene)
        }
        phase = .connected(scene: scene, player: player)
    }

    /// `scene`'s connection ended while it was the driver's: connect again.
    private func lost(_ scene: EntryScene) {
        guard case .connected(let current, _) = phase, current === scene else { return }
        let task = Task { [weak self] in
            guard let self else { return }
            await self.reconnect()
        }
        phase = .reconnecting(info: scene.info, task: task)
    }

    private func play(_ stepped: SteppedEvent, on scene: EntryScene) async {
        let event = stepped.event
        receivedSink.yield(event)
        do {
            switch event {
            case .present(let modal):
                await coordinator.present(modal)
                try await scene.presented(modal: modal.id)
            case .dismiss(let modal):
                await coordinator.dismiss(modal: modal)
                try await scene.dismissed(modal: modal)
            case .update(let modal, let params): await coordinator.update(modal: modal, params: params)
            case .selectTab(let tab):
                reported.screen = tab
                await coordinator.selectTab(tab)
            case .start(let flow): await coordinator.start(flow)
            case .show(let screen): await coordinator.show(screen)
            case .pop(let screen, let reason): await coordinator.pop(screen: screen, reason: reason)
            case .detach(let screen, let parent): await coordinator.detach(screen: screen, parent: parent)
            }
            if let step = stepped.step { try await scene.handled(step: step) }
        } catch {
            // The connection went while acknowledging: the daemon puts the entry back (R15) and
            // the reconnect plays it again.
            return
        }
        playedSink.yield(event)
    }

    /// Connects again until a daemon answers, reports the app's state again, and plays the new
    /// scene; `stop()` cancels it. The pause between attempts doubles up to half a second: nothing
    /// tells when a daemon is back but trying.
    private func reconnect() async {
        var pause: Duration = .milliseconds(20)
        while !Task.isCancelled {
            do throws(EntryClientError) {
                let scene = try await EntryScene(name, confirms: confirms, endpoint: endpoint)
                do throws(EntryClientError) {
                    try await reportAgain(to: scene)
                } catch {
                    scene.close()
                    throw error
                }
                guard case .reconnecting = phase, !Task.isCancelled else {
                    scene.close()
                    return
                }
                adopt(scene)
                return
            } catch {
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(500))
            }
        }
    }

    /// What the app had reported, sent to a new connection: gates, busy, home and the current screen.
    private func reportAgain(to scene: EntryScene) async throws(EntryClientError) {
        for (gate, open) in reported.gates.sorted(by: { $0.key < $1.key }) { try await scene.gate(gate, open: open) }
        if reported.busy { try await scene.busy(true) }
        if reported.homeAppeared { try await scene.appeared(screen: scene.info.home) }
        if let screen = reported.screen, screen != scene.info.home { try await scene.appeared(screen: screen) }
    }
}
