import EntryClient

/// A scene a test plays by hand: its connection, and a probe over its events. Acknowledging is the
/// test's part (`presented`, `dismissed`), as it would be an app's without `SceneDriver`.
public final class TestScene: Sendable {
    public let scene: EntryScene
    public let probe: EventProbe

    init(_ scene: EntryScene) {
        self.scene = scene
        probe = EventProbe(scene.events)
    }

    public var info: SceneInfo { scene.info }

    @discardableResult
    public func expect(_ pattern: EventPattern, within timeout: Duration = .seconds(10)) async throws -> SceneEvent {
        try await probe.expect(pattern, within: timeout)
    }

    public func expectNothing(_ pattern: EventPattern = .any, for duration: Duration) async throws {
        try await probe.expectNothing(pattern, for: duration)
    }

    /// Waits for a `present` matching `pattern` and returns its modal.
    public func expectModal(_ pattern: EventPattern, within timeout: Duration = .seconds(10)) async throws -> Modal {
        try await probe.expectModal(pattern, within: timeout)
    }

    public func close() { scene.close() }
}
