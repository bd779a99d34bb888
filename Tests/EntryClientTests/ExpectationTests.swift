import EntryClient
import EntryTesting
import Testing

/// `expectNothing` on an app started by `launch`: it fails when the event it rules out came, and
/// only then. The "not before sign-in" and "only once" checks of the cold-start stories rest on it;
/// `TestDaemonModeTests.expectNothingSeesAnEventThatCame` holds the same for a raw scene.
@Suite struct ExpectationTests {
    /// A notice arrives after the scene connected and is presented once home appears: ruling out
    /// that present fails, naming it, whether the app's events are looked at as received or as handled.
    @Test(arguments: TestMode.allCases, [EventStage.received, .handled])
    func expectNothingOnALaunchedAppFailsWhenTheEventCame(mode: TestMode, stage: EventStage) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let app = try await daemon.launchApp(.url("materunner://notice/maintenance", id: "n-1"), arrives: .afterConnect,
                                                 coordinator: ImmediateCoordinator())
            do {
                // The notice comes: the window ends when it does, so a long one costs nothing and a
                // loaded machine cannot let the present arrive after it.
                try await app.expectNothing(.present(kind: "serviceNotice"), as: stage, for: .seconds(30))
                Issue.record("the notice was presented, yet expectNothing passed")
            } catch let failure as ExpectationFailure {
                #expect(failure.description.contains("present serviceNotice"), "\(failure)")
            }
            await app.driver.stop()
        }
    }

    /// The story's shape: an invitation tapped while signed out. Nothing is presented before
    /// sign-in; after it, ruling out the invitation fails, while ruling out another kind still passes;
    /// once the invitation is expected, ruling out a second one passes.
    @Test(arguments: TestMode.allCases) func expectNothingAfterSignInFailsOnTheInvitation(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let invitation = try APNsPayload(json: #"{"aps":{"alert":"Mina invites you"},"type":"invitation","sessionId":"run-42"}"#)
            let app = try await daemon.launchApp(.push(invitation, id: "n-42"), arrives: .atLaunch,
                                                 coordinator: ImmediateCoordinator(), signedOut: true)
            try await app.expectNothing(.present(), for: .milliseconds(300))

            try await app.driver.gate("signedIn", open: true)
            await #expect(throws: ExpectationFailure.self, "the invitation was presented after sign-in, yet expectNothing passed") {
                try await app.expectNothing(.present(kind: "invitation"), for: .seconds(30))
            }
            try await app.expectNothing(.present(kind: "tutorial"), for: .milliseconds(100))
            _ = try await app.expectModal(.present(kind: "invitation"))
            try await app.expectNothing(.present(kind: "invitation"), for: .milliseconds(100))
            await app.driver.stop()
        }
    }
}
