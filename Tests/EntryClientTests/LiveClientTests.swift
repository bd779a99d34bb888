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

        let states = await Self.states(of: "notice-1", on: watch) { $0.last == .done }
        #expect(states.last == .done, "notice-1 never reached done on the watch stream: \(states)")
        #expect(states.contains(.presented))
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

    /// Both pages of the pending entries, followed by `next`, each entry with its route, source and
    /// the scene it waits for, complete counts on each page, and the scene: ready, its gate, tab,
    /// the modal in its slot and the one queued behind it.
    @Test(arguments: TestMode.allCases) func statusReadsScenesPendingAndCounts(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        let scene = try await daemon.scene()
        try await scene.scene.appeared(screen: "home")
        try await scene.scene.gate("signedIn", open: false)
        _ = try await sender.open("materunner://tutorial/1", id: "t-1")
        _ = try await sender.open("materunner://notice/maintenance", id: "s-1")
        let tutorial = try await scene.expectModal(.present(kind: "tutorial", entry: "t-1"))
        // Record details need the signedIn gate: they wait for the scene, pending.
        for id in 1...3 { _ = try await sender.open("materunner://records/\(id)", id: "n-\(id)") }

        let first = try await sender.status(limit: 2)
        #expect(first.pending.map(\.id) == ["n-1", "n-2"])
        let next = try #require(first.next, "a page of 2 of 3 pending entries has no next")
        let second = try await sender.status(limit: 2, after: next)
        #expect(second.pending.map(\.id) == ["n-3"])
        #expect(second.next == nil, "the last page has a next: \(second.next ?? "")")
        for page in [first, second] {
            #expect(page.counts[.pending] == 3 && page.counts[.presenting] == 1 && page.counts[.queued] == 1, "\(page.counts)")
            #expect(page.bundle == "com.example.materunner")
            #expect(page.scenes == first.scenes)
        }
        for entry in first.pending + second.pending {
            #expect(entry.route == "recordDetail" && entry.source == "deeplink" && entry.scene == "main", "\(entry)")
        }

        #expect(first.scenes.map(\.scene) == ["main"])
        let main = try #require(first.scenes.first)
        #expect(main.ready && !main.busy)
        #expect(main.gates == ["signedIn": false])
        #expect(main.tab == "home")
        #expect(main.active?.modal == tutorial.id && main.active?.kind == "tutorial" && main.active?.entry == "t-1",
                "\(String(describing: main.active))")
        #expect(main.queue == ["s-1"])
    }

    /// An entry expires at its route's ttl (a day for a tutorial) on the daemon's clock: not a second
    /// before, and then it is counted and reported `expired`, not only gone from the pending list.
    @Test(arguments: TestMode.allCases) func aManualClockExpiresAnEntry(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        let watch = try await sender.watch()
        _ = try await sender.open("materunner://tutorial/1", id: "t-1")
        try await daemon.advance(by: .seconds(86_399))
        let before = try await sender.status()
        #expect(before.pending.map(\.id) == ["t-1"], "expired before its ttl")
        #expect(before.counts[.expired, default: 0] == 0)

        try await daemon.advance(by: .seconds(2))
        let after = try await sender.status()
        #expect(after.pending.isEmpty)
        #expect(after.counts[.pending, default: 0] == 0 && after.counts[.expired] == 1, "\(after.counts)")
        let states = await Self.states(of: "t-1", on: watch) { $0.contains { $0 != .pending } }
        #expect(states == [.pending, .expired], "t-1 on the watch stream: \(states)")
    }

    /// The states `entry` reaches on `watch` until `done` says so, or until `limit` passed (a guard
    /// against a change that never comes, which then fails the caller's check instead of hanging).
    /// The watch is closed when this returns.
    static func states(of entry: String, on watch: WatchStream, within limit: Duration = .seconds(10),
                       until done: @escaping @Sendable ([ReportedState]) -> Bool) async -> [ReportedState] {
        await withTaskGroup(of: [ReportedState]?.self) { group in
            group.addTask {
                var states: [ReportedState] = []
                for await event in watch {
                    guard case .entry(let change) = event, change.id == entry else { continue }
                    states.append(change.state)
                    if done(states) { break }
                }
                return states
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            var states: [ReportedState] = []
            for await result in group {
                // Whichever ends first ends the other: the reader once the watch is closed, the guard
                // when cancelled.
                group.cancelAll()
                watch.close()
                if let result { states = result }
            }
            return states
        }
    }
}
