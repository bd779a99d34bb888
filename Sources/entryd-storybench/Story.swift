import EntryClient
import EntryTesting
import MateRunnerApp

/// The story `threeModalsAskedInOneMomentOnARunningAppAreShownByPriority` of
/// samples/MateRunnerApp/Tests/MateRunnerAppTests/ColdStartStoriesTests.swift, written once against
/// a `TestDaemon`, so that both modes run the same body: the app launched with a record link that
/// arrives after its scene connected, three modals asked for in one write (lowest priority first),
/// then each presented by priority, acted on, and dismissed. A step that goes otherwise than in the
/// test throws, and the bench stops.
func threeModalsAskedInOneMomentOnARunningApp(_ daemon: TestDaemon) async throws {
    let app = await MateRunnerApp(signedIn: true)
    let launched = try await daemon.launch(.url("materunner://records"), arrives: .afterConnect) { launch in
        try await app.start(launch: launch, endpoint: daemon.endpoint)
    }
    try await launched.expect(.selectTab("records"))
    let receipts = try await launched.sender.sendTogether([
        .open(url: "materunner://notice/maintenance"), .open(url: "materunner://tutorial/1"),
        .open(url: "materunner://guide/permission/location"),
    ])
    let routes = receipts.map(\.route)
    guard routes == ["serviceNotice", "tutorial", "permissionGuide"] else {
        throw StoryFailure("the three opens were routed to \(routes)")
    }
    for (kind, action) in [("permissionGuide", "later"), ("tutorial", "done"), ("serviceNotice", "close")] {
        try await launched.expect(.present(kind: kind))
        try await app.tap(action)
        try await launched.expect(.dismiss())
    }
    let presented = await app.presentedKinds
    guard presented == ["permissionGuide", "tutorial", "serviceNotice"] else {
        throw StoryFailure("the app presented \(presented)")
    }
    await app.kill()
}

struct StoryFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
