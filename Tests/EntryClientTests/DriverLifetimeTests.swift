import EntryClient
import EntryTesting
import Testing

/// A scene driver's life is one phase at a time: a stopped driver stays stopped, a cancelled
/// connect returns at once and leaves the driver as it was, and a stop during a connect wins over it.
@Suite struct DriverLifetimeTests {
    @Test(arguments: TestMode.allCases) func aStoppedDriverRefusesConnectAndEveryReport(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let driver = SceneDriver(endpoint: daemon.endpoint, coordinator: ImmediateCoordinator())
            try await driver.connect()
            await driver.stop()
            await #expect(throws: EntryClientError.stopped(scene: "main")) { try await driver.connect() }
            await #expect(throws: EntryClientError.stopped(scene: "main")) { try await driver.gate("signedIn", open: true) }
            await #expect(throws: EntryClientError.stopped(scene: "main")) { try await driver.action("accept", modal: "m-1") }
            #expect(await driver.home == nil)
            #expect(EntryClientError.stopped(scene: "main").description.contains("make a new SceneDriver"))

            let neverConnected = SceneDriver(scene: "other", endpoint: daemon.endpoint, coordinator: ImmediateCoordinator())
            await neverConnected.stop()
            await #expect(throws: EntryClientError.stopped(scene: "other")) { try await neverConnected.connect() }
        }
    }

    /// Connecting again while connected is the same driver going on: no second connection.
    @Test(arguments: TestMode.allCases) func connectingAgainReturnsWhatTheDaemonSaid(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let driver = SceneDriver(endpoint: daemon.endpoint, coordinator: ImmediateCoordinator())
            let first = try await driver.connect()
            let again = try await driver.connect()
            #expect(first == again)
            let scenes = try await daemon.sender().status().scenes.map(\.scene)
            #expect(scenes == ["main"])
            await driver.stop()
        }
    }

    @Test func aCancelledConnectReturnsCancelledAndKeepsTheLaunchEntry() async throws {
        let daemon = SilentDaemon()
        var connections = daemon.connections.makeAsyncIterator()
        let driver = SceneDriver(launch: .url("materunner://records/1"), endpoint: daemon.endpoint, coordinator: ImmediateCoordinator())

        let connecting = Task { try await driver.connect() }
        let first = try #require(await connections.next())
        let line = try #require(await first.nextWrite())
        #expect(line.contains("scene.connect") && line.contains("materunner://records/1"))
        connecting.cancel()                          // the daemon has not answered: the connect is waiting
        await #expect(throws: EntryClientError.cancelled(path: "in-process:silent", operation: "scene.connect")) {
            try await connecting.value
        }
        await first.untilClosed()                    // the abandoned connection is closed, not left open

        // Not stopped: connecting again carries the launch entry, which nothing has delivered yet.
        let again = Task { try await driver.connect() }
        let second = try #require(await connections.next())
        let secondLine = try #require(await second.nextWrite())
        #expect(secondLine.contains("materunner://records/1"))
        await driver.stop()                          // a stop while connecting wins over the connect
        await #expect(throws: EntryClientError.stopped(scene: "main")) { try await again.value }
        await second.untilClosed()
    }

    /// Whether the attempt opened a connection before it saw the cancellation depends on when it
    /// ran; either way it wrote nothing, and closed what it opened.
    @Test func aConnectInATaskCancelledBeforeItStartsSendsNothing() async throws {
        let daemon = SilentDaemon()
        let driver = SceneDriver(endpoint: daemon.endpoint, coordinator: ImmediateCoordinator())
        let connecting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await driver.connect()
        }
        let error = await #expect(throws: EntryClientError.self) { try await connecting.value }
        guard case .cancelled = error else { Issue.record("\(String(describing: error)) does not say it was cancelled"); return }
        daemon.finish()
        for await connection in daemon.connections {
            await connection.untilClosed()
            #expect(await connection.nextWrite() == nil, "a cancelled connect wrote to the daemon")
        }
    }
}
