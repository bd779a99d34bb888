import EntryClient
import EntryTesting
import Testing

/// Steps the app confirms, through the client in both modes: a step written to a scene that went
/// away before it acted comes again, with its entry and step id, until it is confirmed; and a scene
/// that does not confirm gets no step ids.
@Suite struct ConfirmedStepsTests {
    @Test(arguments: TestMode.allCases) func anUnconfirmedStartComesAgainToTheScenesNextConnection(mode: TestMode) async throws {
        try await bounded { try await withTestDaemon(mode: mode) { daemon in
            let first = try await EntryScene(confirms: true, endpoint: daemon.endpoint)
            try await first.gate("signedIn", open: true)
            try await first.appeared(screen: "home")
            _ = try await daemon.sender().open("materunner://records/7", id: "r-7")
            var events = first.steppedEvents.makeAsyncIterator()
            let tab = try #require(await events.next())
            let show = try #require(await events.next())
            #expect(tab.step == "r-7/tab" && show.step == "r-7/show")
            first.close()                                  // gone before the app acted on it

            let second = try await EntryScene(confirms: true, endpoint: daemon.endpoint)
            try await second.gate("signedIn", open: true)
            try await second.appeared(screen: "home")
            var again = second.steppedEvents.makeAsyncIterator()
            #expect(try #require(await again.next()).step == "r-7/tab")
            let shownAgain = try #require(await again.next())
            guard case .show(let screen) = shownAgain.event else { Issue.record("not a show: \(shownAgain)"); return }
            #expect(screen.entry == "r-7" && shownAgain.step == "r-7/show")
            try await second.handled(step: "r-7/show")
            let status = try await daemon.sender().status()
            #expect(status.counts[.done] == 1 && status.counts[.queued] == 0)
            second.close()
        } }
    }

    @Test(arguments: TestMode.allCases) func aSceneThatDoesNotConfirmGetsNoStepIds(mode: TestMode) async throws {
        try await bounded { try await withTestDaemon(mode: mode) { daemon in
            let scene = try await EntryScene(endpoint: daemon.endpoint)
            try await scene.gate("signedIn", open: true)
            try await scene.appeared(screen: "home")
            _ = try await daemon.sender().open("materunner://records/7")
            var events = scene.steppedEvents.makeAsyncIterator()
            #expect(try #require(await events.next()).step == nil)
            scene.close()
        } }
    }

    /// An expectation that names what the config does not have fails at once with the nearest name
    /// and the line of the call, whatever came: `expectNothing` of a typo would otherwise pass.
    @Test(arguments: TestMode.allCases) func anExpectationWithATypoFailsAtOnceNamingTheNearest(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let scene = try await daemon.scene()
            try await scene.scene.appeared(screen: "home")
            for pattern in [EventPattern.present(kind: "invitaton"), .start(flow: "runn"), .selectTab("record"), .show(route: "recordDetial")] {
                do {
                    try await scene.expectNothing(pattern, for: .milliseconds(100)); let line = #line
                    Issue.record("\(pattern) passed; line \(line)")
                } catch let failure as ExpectationFailure {
                    #expect(failure.description.contains("did you mean"), "\(failure)")
                    #expect(failure.description.hasPrefix("EntryClientTests/ConfirmedStepsTests.swift:"), "\(failure)")
                }
            }
        }
    }

    /// Runs `body`, cancelled after `seconds` so that an event that never comes fails the test (a
    /// cancelled read of a scene's events ends) instead of hanging the run.
    private func bounded(seconds: Int = 20, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await body(); return true }
            group.addTask { try await Task.sleep(for: .seconds(seconds)); return false }
            let finished = try await group.next() ?? false
            group.cancelAll()
            if !finished { Issue.record("no answer within \(seconds) s") }
        }
    }
}
