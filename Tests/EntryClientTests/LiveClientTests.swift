import EntryClient
import EntryTesting
import Testing

/// The client against the real daemon: a sender, a raw scene, the watch stream and paged status.
@Suite struct LiveClientTests {
    @Test(arguments: TestMode.allCases) func aPushWaitsForHomeThenIsPresentedOnce(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        let watch = try await sender.watch()
        let receipt = try await sender.open("materunner://notice/maintenance", id: "notice-1")
        #expect(receipt.state == .pending && receipt.route == "serviceNotice")

        let scene = try await daemon.scene()
        #expect(scene.info.home == "home" && scene.info.gates == ["signedIn"])
        try await scene.expectNothing(for: .milliseconds(100))
        let readiness = try await scene.scene.appeared(screen: "home")
        #expect(readiness.ready)
        let modal = try await scene.expectModal(.present(kind: "serviceNotice", entry: "notice-1"))
        try await scene.scene.presented(modal: modal.id)
        try await scene.scene.action("close", modal: modal.id)
        try await scene.expect(.dismiss(modal: modal.id))
        try await scene.scene.dismissed(modal: modal.id)

        var states: [EntryState] = []
        for await event in watch {
            if case .entry(let change) = event, change.id == "notice-1" { states.append(change.state) }
            if states.last == .done { break }
        }
        #expect(states.contains(.presented))
        watch.close()
    }

    @Test(arguments: TestMode.allCases) func refusalsCarryTheDaemonsCodeAndMessage(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        do {
            _ = try await sender.open("materunner://nope")
            Issue.record("no_route expected")
        } catch EntryClientError.daemon(let error) {
            #expect(error.code == .noRoute && error.message.contains("materunner://nope"))
        }
    }

    @Test(arguments: TestMode.allCases) func statusReadsScenesPendingAndCounts(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        for id in 1...3 { _ = try await sender.open("materunner://records/\(id)", id: "n-\(id)") }
        let page = try await sender.status(limit: 2)
        #expect(page.pending.map(\.id) == ["n-1", "n-2"])
        #expect(page.counts[.pending] == 3)
    }

    @Test(arguments: TestMode.allCases) func aManualClockExpiresAnEntry(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        _ = try await sender.open("materunner://tutorial/1", id: "t-1")
        try await daemon.advance(by: .seconds(86_401))
        let page = try await sender.status()
        #expect(page.counts[.pending] == 0)
    }
}
