/// A scene's connection: the app's window as the daemon knows it. The app reports what happens
/// (appeared, presented, dismissed, actions, gates), and reads what to do from `events`.
///
/// Acknowledging is the caller's part here (`presented` after showing a modal, `dismissed` after
/// dismissing it); `SceneDriver` does it for an app's coordinator.
public final class EntryScene: Sendable {
    public let name: String
    /// What the daemon said at connect: the home screen, the tabs and gates, a refused launch.
    public let info: SceneInfo
    private let connection: Connection

    /// Connects the scene, with the entry that launched the app when there is one (R2). `confirms`:
    /// the scene confirms each step event with `handled(step:)` once the app acted on it, and the
    /// daemon sends it again until it has (docs/PROTOCOL.md, steps the app confirms).
    ///
    /// A cancelled task stops waiting for the daemon's answer and throws `.cancelled`; the
    /// connection is closed, so the daemon takes the scene for disconnected (R15).
    public init(_ name: String = "main", launch: Launch? = nil, confirms: Bool = false,
                endpoint: Endpoint) async throws(EntryClientError) {
        self.name = name
        let connection = try await Connection(endpoint: endpoint)
        self.connection = connection
        do throws(EntryClientError) {
            info = try SceneInfo(await connection.request(.scene(name, .connect(launch: launch, confirms: confirms))))
        } catch {
            connection.close()
            throw error
        }
    }

    /// Connects the scene: the same as the initializer, under the op's name.
    public static func connect(_ name: String = "main", launch: Launch? = nil, confirms: Bool = false,
                               endpoint: Endpoint) async throws(EntryClientError) -> EntryScene {
        try await EntryScene(name, launch: launch, confirms: confirms, endpoint: endpoint)
    }

    /// What the daemon asks of this scene, in order; it ends when the connection does. The events
    /// go to one reader: iterate it from one task (`SceneDriver` does, when it runs the scene).
    public var events: SceneEvents {
        let name = name
        return SceneEvents(connection: connection) { incoming in
            if case .scene(name, let event, _) = incoming { event } else { nil }
        }
    }

    /// The same events with the step id each step event carries (`show`, `selectTab`, `start`), for
    /// a scene that confirms its steps: answer each with `handled(step:)` once the app acted on it.
    public var steppedEvents: EventStream<SteppedEvent> {
        let name = name
        return EventStream(connection: connection) { incoming in
            if case .scene(name, let event, let step) = incoming { SteppedEvent(event: event, step: step) } else { nil }
        }
    }

    /// A screen appeared; the config's home makes the scene ready.
    @discardableResult
    public func appeared(screen: String) async throws(EntryClientError) -> Readiness {
        Readiness(try await send(.appeared(screen: screen)))
    }

    public func gate(_ gate: String, open: Bool) async throws(EntryClientError) { _ = try await send(.gate(gate, open: open)) }
    public func busy(_ busy: Bool) async throws(EntryClientError) { _ = try await send(.busy(busy)) }
    public func presented(modal: String) async throws(EntryClientError) { _ = try await send(.presented(modal: modal)) }
    public func dismissed(modal: String) async throws(EntryClientError) { _ = try await send(.dismissed(modal: modal)) }
    public func action(_ action: String, modal: String) async throws(EntryClientError) {
        _ = try await send(.action(modal: modal, action: action))
    }
    public func pushed(screen: String, parent: String?) async throws(EntryClientError) {
        _ = try await send(.pushed(screen: screen, parent: parent))
    }
    public func finish(screen: String) async throws(EntryClientError) { _ = try await send(.finish(screen: screen)) }
    public func background() async throws(EntryClientError) { _ = try await send(.background) }
    public func reset() async throws(EntryClientError) { _ = try await send(.reset) }
    /// The app acted on the step event that carried `step`: the daemon finishes it.
    public func handled(step: String) async throws(EntryClientError) { _ = try await send(.handled(step: step)) }
    /// The system discarded the session of scene `name` (this one or another): what it was owed
    /// goes to the next ready scene.
    public func discarded(scene name: String) async throws(EntryClientError) {
        _ = try await connection.request(.scene(name, .discarded))
    }

    private func send(_ request: SceneRequest) async throws(EntryClientError) -> Members {
        try await connection.request(.scene(name, request))
    }

    /// Disconnects the scene (R15: what it held goes back to pending).
    public func close() {
        connection.close()
    }
}
