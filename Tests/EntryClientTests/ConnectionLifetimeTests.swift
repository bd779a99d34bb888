import EntryClient
import EntryTesting
import Testing

/// A connection ends once, for one reason, which every request after it is told; a request whose
/// task is cancelled returns at once, and the reply that comes after it is dropped.
@Suite struct ConnectionLifetimeTests {
    @Test(arguments: TestMode.allCases) func aClosedSceneRefusesRequestsSayingThisClientClosedIt(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let scene = try await EntryScene(endpoint: daemon.endpoint)
            scene.close()
            for await _ in scene.events {}           // the events end once the close is taken in
            let error = await #expect(throws: EntryClientError.self) { try await scene.appeared(screen: "home") }
            guard case .closed = error else { Issue.record("\(String(describing: error)) does not say this client closed it"); return }
        }
    }

    @Test(arguments: TestMode.allCases) func aSceneWhoseDaemonStoppedRefusesRequestsSayingTheDaemonWent(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        let scene = try await EntryScene(endpoint: daemon.endpoint)
        daemon.stop()
        for await _ in scene.events {}
        let error = await #expect(throws: EntryClientError.self) { try await scene.appeared(screen: "home") }
        guard case .disconnected = error else { Issue.record("\(String(describing: error)) does not say the daemon went"); return }
    }

    @Test func aCancelledRequestReturnsAtOnceAndItsLateReplyIsDropped() async throws {
        let daemon = SilentDaemon()
        var connections = daemon.connections.makeAsyncIterator()
        let sender = try await EntrySender(endpoint: daemon.endpoint)
        let connection = try #require(await connections.next())

        let opening = Task { try await sender.open("materunner://records/1") }
        let first = try #require(await connection.nextWrite())
        #expect(first.contains(#""req":1"#))
        opening.cancel()
        await #expect(throws: EntryClientError.cancelled(path: "in-process:silent", operation: "open")) {
            _ = try await opening.value
        }

        // The cancelled request's reply comes late; the next request gets its own.
        let next = Task { try await sender.retract(.id("x")) }
        let second = try #require(await connection.nextWrite())
        #expect(second.contains(#""req":2"#))
        connection.answer(#"{"req":1,"ok":true,"id":"e-1","state":"pending"}"#)
        connection.answer(#"{"req":2,"ok":true,"retracted":3}"#)
        #expect(try await next.value == 3)
        sender.close()
    }
}
