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
public actor SceneDriver {
    public nonisolated let name: String
    private let endpoint: Endpoint
    private let coordinator: any EntryCoordinator
    private var launch: Launch?
    private var scene: EntryScene?
    private var info: SceneInfo?
    private var state = ReportedState()
    private var loop: Task<Void, Never>?
    private let confirms: Bool
    private let playedSink: AsyncStream<SceneEvent>.Continuation
    private let receivedSink: AsyncStream<SceneEvent>.Continuation
    /// Every event the driver played, after the coordinator returned and the acknowledgement or
    /// confirmation was answered: what a test awaits (`EntryTesting`'s expectations read it).
    public nonisolated let played: AsyncStream<SceneEvent>
    /// Every event as it reached the app, before the coordinator was called: what a test awaits to
    /// act while the coordinator is still in the middle of it (a dismissal animation held).
    public nonisolated let received: AsyncStream<SceneEvent>

    /// What the app has reported, to report again after a reconnect.
    private struct ReportedState {
        var homeAppeared = false
        var screen: String?
        var gates: [String: Bool] = [:]
        var busy = false
    }

    public init(scene name: String = "main", launch: Launch? = nil, confirms: Bool = true, endpoint: Endpoint,
                coordinator: any EntryCoordinator) {
        self.name = name
        self.launch = launch
        self.confirms = confirms
        self.endpoint = endpoint
        self.coordinator = coordinator
        (played, playedSink) = AsyncStream.makeStream(of: SceneEvent.self)
        (received, receivedSink) = AsyncStream.makeStream(of: SceneEvent.self)
    }

    /// Connects (with the launch entry, the first time only) and starts playing events.
    @discardableResult
    public func connect() async throws(EntryClientError) -> SceneInfo {
        let scene = try await EntryScene(name, launch: launch, confirms: confirms, endpoint: endpoint)
        launch = nil
        adopt(scene)
        return scene.info
    }

    /// The scene's home screen, once connected.
    public var home: String? { info?.home }

    /// A screen appeared: the home screen makes the scene ready, a tab makes it the current tab.
    @discardableResult
    public func appeared(screen: String) async throws(EntryClientError) -> Readiness? {
        if screen == info?.home { state.homeAppeared = true }
        state.screen = screen
        return try await whileConnected { (scene) throws(EntryClientError) in try await scene.appeared(screen: screen) }
    }

    public func gate(_ gate: String, open: Bool) async throws(EntryClientError) {
        state.gates[gate] = open
        _ = try await whileConnected { (scene) throws(EntryClientError) in try await scene.gate(gate, open: open) }
    }

    public func busy(_ busy: Bool) async throws(EntryClientError) {
        state.busy = busy
        _ = try await whileConnected { (scene) throws(EntryClientError) in try await scene.busy(busy) }
    }

    /// The user chose an action on a modal (R12).
    public func action(_ action: String, modal: String) async throws(EntryClientError) {
        try await connected().action(action, modal: modal)
    }

    /// The user closed a modal by themselves (a swipe down, R9).
    public func dismissed(modal: String) async throws(EntryClientError) {
        try await connected().dismissed(modal: modal)
    }

    public func pushed(screen: String, parent: String?) async throws(EntryClientError) {
        try await connected().pushed(screen: screen, parent: parent)
    }

    public func finish(screen: String) async throws(EntryClientError) {
        try await connected().finish(screen: screen)
    }

    public func background() async throws(EntryClientError) {
        state.homeAppeared = false
        try await connected().background()
    }

    /// Logout or a root restart (R11): the daemon closes every gate, so the driver forgets them.
    public func reset() async throws(EntryClientError) {
        state.gates = state.gates.mapValues { _ in false }
        try await connected().reset()
    }

    /// The system discarded these scenes' sessions (`application(_:didDiscardSceneSessions:)`, with
    /// the names the app gave their scenes): what each was owed goes to the next ready scene.
    public func discarded(scenes names: [String]) async throws(EntryClientError) {
        let scene = try connected()
        for name in names { try await scene.discarded(scene: name) }
    }

    /// Disconnects for good: no reconnect, and `played` and `received` end.
    public func stop() {
        loop?.cancel()
        loop = nil
        scene?.close()
        scene = nil
        playedSink.finish()
        receivedSink.finish()
    }

    private func connected() throws(EntryClientError) -> EntryScene {
        guard let scene else { throw .disconnected(path: endpoint.description) }
        return scene
    }

    /// Sends a piece of state now if connected; a disconnect on the way is not an error, since the
    /// state is sent again when the driver reconnects.
    private func whileConnected<T: Sendable>(_ send: (EntryScene) async throws(EntryClientError) -> T) async throws(EntryClientError) -> T? {
        guard let scene else { return nil }
        do {
            return try await send(scene)
        } catch .disconnected {
            return nil
        }
    }

    private func adopt(_ scene: EntryScene) {
        self.scene = scene
        info = scene.info
        loop?.cancel()
        loop = Task { [weak self] in
            for await stepped in scene.steppedEvents {
                guard let self, !Task.isCancelled else { return }
                await self.play(stepped, on: scene)
            }
            guard !Task.isCancelled else { return }
            await self?.reconnect()
        }
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
                state.screen = tab
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

    /// Connects again until a daemon answers, then reports the app's state again.
    private func reconnect() async {
        scene = nil
        var pause: Duration = .milliseconds(20)
        while loop?.isCancelled == false {
            do {
                let scene = try await EntryScene(name, confirms: confirms, endpoint: endpoint)
                for (gate, open) in state.gates.sorted(by: { $0.key < $1.key }) { try await scene.gate(gate, open: open) }
                if state.busy { try await scene.busy(true) }
                if state.homeAppeared { try await scene.appeared(screen: scene.info.home) }
                if let screen = state.screen, screen != scene.info.home { try await scene.appeared(screen: screen) }
                adopt(scene)
                return
            } catch {
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(500))
            }
        }
    }
}
