import EntryClient

/// A scene a test plays by hand: its connection, and a probe over its events. Acknowledging is the
/// test's part (`presented`, `dismissed`), as it would be an app's without `SceneDriver`.
public final class TestScene: Sendable, ProbingEvents {
    public let scene: EntryScene
    public let probe: EventProbe

    init(_ scene: EntryScene, quiet: Quiet?, vocabulary: Vocabulary?) {
        self.scene = scene
        probe = EventProbe(scene.events, quiet: quiet, vocabulary: vocabulary)
    }

    public var arrivals: EventProbe { probe }

    public var info: SceneInfo { scene.info }

    public func close() { scene.close() }
}

extension TestDaemon {
    /// A probe over what `driver` played to its coordinator, for an app a test started by hand
    /// rather than through `launch` (a relaunch, say); in process it decides when nothing more
    /// happens as `launch`'s probe does.
    public func probe(_ driver: SceneDriver) -> EventProbe {
        EventProbe(driver.played, quiet: quiet, vocabulary: vocabulary)
    }

    /// A probe over what reached `driver`'s app, before its coordinator was called.
    func arrivalProbe(_ driver: SceneDriver) -> EventProbe {
        EventProbe(driver.received, quiet: quiet, vocabulary: vocabulary)
    }
}
