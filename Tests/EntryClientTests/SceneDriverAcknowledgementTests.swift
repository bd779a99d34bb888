import EntryClient
import EntryTesting
import Testing

/// A coordinator that does what it is asked at once, and remembers the modals it presented and
/// dismissed.
actor ImmediateCoordinator: EntryCoordinator {
    private(set) var presented: [String] = []
    private(set) var dismissed: [String] = []

    func present(_ modal: Modal) async { presented.append(modal.id) }
    func dismiss(modal: String) async { dismissed.append(modal) }
    func update(modal: String, params: Params) async {}
    func selectTab(_ tab: String) async {}
    func start(_ flow: Flow) async {}
    func show(_ screen: Screen) async {}
    func pop(screen: String, reason: String?) async {}
    func detach(screen: String, parent: String) async {}
}

extension TestDaemon {
    /// An app whose scene delegate connects a driver for `coordinator`, with `entry` arriving as
    /// `arrives` says; `signedOut` closes the `signedIn` gate before anything else.
    func launchApp(_ entry: TestEntry, arrives: Arrival, coordinator: ImmediateCoordinator,
                   signedOut: Bool = false) async throws -> LaunchedApp {
        try await launch(entry, arrives: arrives) { launch in
            let driver = SceneDriver(launch: launch, endpoint: endpoint, coordinator: coordinator)
            try await driver.connect()
            if signedOut { try await driver.gate("signedIn", open: false) }
            return driver
        }
    }
}

/// `SceneDriver` acknowledges a present and a dismissal once its coordinator returned from them,
/// and before the event counts as played (what `expect` sees). So once `expect` returned a
/// dismissal, the daemon has freed the modal slot and chosen the next modal: a status read then
/// tells at once whether the acknowledgement was sent, in both modes, without waiting for a
/// present that would never come.
@Suite struct SceneDriverAcknowledgementTests {
    @Test(arguments: TestMode.allCases) func aPresentAndADismissalAreAcknowledgedOnceTheCoordinatorReturned(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let sender = try await daemon.sender()
            _ = try await sender.open("materunner://tutorial/1", id: "t-1")
            let coordinator = ImmediateCoordinator()
            // The notice (priority 4) waits behind the tutorial (priority 1).
            let app = try await daemon.launchApp(.url("materunner://notice/maintenance", id: "n-1"), arrives: .beforeConnect,
                                                 coordinator: coordinator)
            let tutorial = try await app.expectModal(.present(kind: "tutorial", entry: "t-1"))
            let shown = try await sender.status()
            try #require(shown.counts[.presenting, default: 0] == 0 && shown.counts[.presented] == 1,
                         "the driver played present \(tutorial.id) but did not acknowledge it: counts \(shown.counts)")

            try await app.driver.action("done", modal: tutorial.id)
            try await app.expect(.dismiss(modal: tutorial.id))
            #expect(await coordinator.dismissed == [tutorial.id])
            let after = try await sender.status()
            let scene = try #require(after.scenes.first { $0.scene == app.driver.name }, "no scene \(app.driver.name) in \(after.scenes)")
            try #require(scene.active?.modal != tutorial.id,
                         "the driver played dismiss \(tutorial.id) but did not acknowledge it: the daemon still holds it in the modal slot")
            #expect(scene.active?.kind == "serviceNotice" && scene.active?.entry == "n-1",
                    "the slot the dismissal freed went to \(String(describing: scene.active))")

            let notice = try await app.expectModal(.present(kind: "serviceNotice", entry: "n-1"))
            #expect(await coordinator.presented == [tutorial.id, notice.id])
            await app.driver.stop()
        }
    }
}
