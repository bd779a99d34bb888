import EntryClient

/// A scene a test plays by hand: its connection, and a probe over its events. Acknowledging is the
/// test's part (`presented`, `dismissed`), as it would be an app's without `SceneDriver`.
public final class TestScene: Sendable, ProbingEvents {
    public let scene: EntryScene
    public let probe: EventProbe

    init(_ scene: EntryScene) {
        self.scene = scene
        probe = EventProbe(scene.events)
    }

    public var info: SceneInfo { scene.info }

    public func close() { scene.close() }
}
