import EntryClient
import EntryTesting
import MateRunnerApp
import Testing

/// The seed stories as an app team would test them: the real daemon, the app's model with its
/// coordinator on the scene driver, and nothing but the public API of EntryClient and EntryTesting.
@Suite struct ColdStartStoriesTests {
    private let invitation = APNsPayload([
        "aps": .object(["alert": .string("Mina invites you to a run")]),
        "type": .string("invitation"), "sessionId": .string("run-42"), "inviter": .object(["name": .string("Mina")]),
    ])

    /// Seed 002: the invitation tapped while the app was closed and the user signed out is shown
    /// after sign-in, never before; accepting it starts the run once.
    @Test(arguments: TestMode.allCases) func anInvitationTappedWhileClosedIsAcceptedAfterSignInAndStartsTheRunOnce(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: false)
        let launched = try await daemon.launch(.push(invitation, id: "n-42"), arrives: .atLaunch) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await launched.expectNothing(.present(), for: .milliseconds(300))

        try await app.signIn()
        try await launched.expect(.present(kind: "invitation"))
        try await app.tap("accept")
        try await launched.expect(.dismiss())
        try await launched.expect(.start(flow: "run"))
        #expect(await app.runs == ["run-42"])
        #expect(await app.tab == "home")
        #expect(await app.modal == nil)
        try await launched.expectNothing(.start(), for: .milliseconds(300))
        await app.kill()
    }

    /// Seed 000: three modals asked for while the app was closed are shown one at a time, by
    /// priority, each only after the previous one was dismissed.
    @Test(arguments: TestMode.allCases) func threeModalsAskedAtOnceAreShownOneAtATimeByPriority(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let sender = try await daemon.sender()
        _ = try await sender.open("materunner://notice/maintenance")
        _ = try await sender.open("materunner://tutorial/1")
        let app = await MateRunnerApp(signedIn: true)
        let launched = try await daemon.launch(.url("materunner://guide/permission/location"), arrives: .beforeConnect) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        for (kind, action) in [("permissionGuide", "later"), ("tutorial", "done"), ("serviceNotice", "close")] {
            try await launched.expect(.present(kind: kind))
            try await launched.expectNothing(.present(), for: .milliseconds(200))
            try await app.tap(action)
            try await launched.expect(.dismiss())
        }
        #expect(await app.presentedKinds == ["permissionGuide", "tutorial", "serviceNotice"])
        await app.kill()
    }

    /// Seed 000, on a running app: three modals asked for in one moment (one write, lowest
    /// priority first) are shown by priority, not in the order they were sent.
    @Test(arguments: TestMode.allCases) func threeModalsAskedInOneMomentOnARunningAppAreShownByPriority(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: true)
        let launched = try await daemon.launch(.url("materunner://records"), arrives: .afterConnect) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await launched.expect(.selectTab("records"))
        let receipts = try await launched.sender.sendTogether([
            .open(url: "materunner://notice/maintenance"), .open(url: "materunner://tutorial/1"),
            .open(url: "materunner://guide/permission/location"),
        ])
        #expect(receipts.map(\.route) == ["serviceNotice", "tutorial", "permissionGuide"])
        for (kind, action) in [("permissionGuide", "later"), ("tutorial", "done"), ("serviceNotice", "close")] {
            try await launched.expect(.present(kind: kind))
            try await app.tap(action)
            try await launched.expect(.dismiss())
        }
        #expect(await app.presentedKinds == ["permissionGuide", "tutorial", "serviceNotice"])
        await app.kill()
    }

    /// A link behind sign-in (R17): a record opened while the user is signed out waits, and is
    /// shown once, on its tab, after sign-in.
    @Test(arguments: TestMode.allCases) func aRecordOpenedWhileSignedOutIsShownAfterSignIn(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: false)
        let launched = try await daemon.launch(.url("https://materunner.app/records/7"), arrives: .whileGateClosed("signedIn")) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        #expect(launched.receipt?.state == .pending)
        try await launched.expectNothing(.show(), for: .milliseconds(300))
        try await app.signIn()
        try await launched.expect(.show(route: "recordDetail", tab: "records"))
        #expect(await app.tab == "records")
        try await launched.expectNothing(.show(), for: .milliseconds(200))
        await app.kill()
    }

    /// Seed 004: a record opened from a notification while the app is on another tab is shown on
    /// its tab without a parent coordinator, and closing it still closes it (the router pops it).
    @Test(arguments: TestMode.allCases) func aScreenOpenedFromOutsideWithoutAParentStillCloses(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: true)
        let record = APNsPayload(["aps": .object(["alert": .string("Your run record is ready")]), "link": .string("materunner://records/7")])
        let launched = try await daemon.launch(.push(record), arrives: .whileOnTab("mypage")) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await launched.expect(.selectTab("records"))
        try await launched.expect(.show(route: "recordDetail", tab: "records"))
        #expect(await app.stacks["records"]?.count == 1)

        try await app.closeScreen()
        try await launched.expect(.pop(reason: "no parent"))
        #expect(await app.stacks["records"] == [])
        await app.kill()
    }

    /// The app is killed by the system while the dismissal of the accepted invitation is still
    /// animating, and the daemon dies with it: after the relaunch and sign-in the run starts, once.
    @Test(arguments: TestMode.allCases) func theAppKilledWhileDismissingStartsTheRunAfterRelaunch(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: true)
        let launched = try await daemon.launch(.push(invitation, id: "n-7"), arrives: .afterConnect) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await launched.expect(.present(kind: "invitation"))
        await app.dismissalAnimation.hold()
        try await app.tap("accept")
        try await launched.expect(.dismiss(), as: .received)      // the coordinator is mid-animation
        #expect(await app.runs.isEmpty)

        let relaunched = await MateRunnerApp(signedIn: false)
        let again = try await daemon.relaunch(launched, after: .daemonCrashed) { launch in
            try await relaunched.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await again.expectNothing(.start(), for: .milliseconds(200))
        try await relaunched.signIn()
        try await again.expect(.start(flow: "run"))
        #expect(await relaunched.runs == ["run-42"])
        try await again.expectNothing(.present(), for: .milliseconds(200))
        await relaunched.kill()
    }

    /// The user accepts the invitation and swipes the app away before the run has started: the app
    /// comes back with a new scene (a force-quit discards the old session), and the run starts
    /// there, once, rather than waiting for a scene that never returns.
    @Test(arguments: TestMode.allCases) func aForceQuitAfterAcceptingStartsTheRunInTheNewScene(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: true)
        let launched = try await daemon.launch(.push(invitation, id: "n-8"), arrives: .afterConnect) { launch in
            try await app.start(launch: launch, scene: "window-1", endpoint: daemon.endpoint)
        }
        try await launched.expect(.present(kind: "invitation"))
        await app.dismissalAnimation.hold()
        try await app.tap("accept")
        try await launched.expect(.dismiss(), as: .received)

        let relaunched = await MateRunnerApp(signedIn: true)
        let again = try await daemon.relaunch(launched, after: .forceQuit) { launch in
            try await relaunched.start(launch: launch, scene: "window-2", endpoint: daemon.endpoint)
        }
        try await again.expect(.start(flow: "run"))
        #expect(await relaunched.runs == ["run-42"])
        try await again.expectNothing(.start(), for: .milliseconds(200))
        await relaunched.kill()
    }

    /// The daemon restarts under a running app: the driver connects again, reports the app's state,
    /// and an entry sent after the restart still reaches the coordinator.
    @Test(arguments: TestMode.allCases) func theDriverReconnectsAfterADaemonRestart(mode: TestMode) async throws {
        let daemon = try await TestDaemon.start(mode: mode)
        defer { daemon.stop() }
        let app = await MateRunnerApp(signedIn: true)
        let launched = try await daemon.launch(.url("materunner://records/3"), arrives: .afterConnect) { launch in
            try await app.start(launch: launch, endpoint: daemon.endpoint)
        }
        try await launched.expect(.show(route: "recordDetail"))
        try await daemon.restart()
        let sender = try await daemon.sender()
        _ = try await sender.open("materunner://records/4", id: "after-restart")
        try await launched.expect(.show(route: "recordDetail", entry: "after-restart"))
        await app.kill()
    }
}
