import Testing
@testable import EntryRouter

/// FakeRouting with back stacks, given per test by route name (`recordDetail` is `app://record/ID`).
struct BackStackRouting: EntryRouting {
    var stacks: [String: [BackStackScreen]]

    func route(url: String) -> Result<RouteMatch, WireError> { FakeRouting().route(url: url) }

    func route(push payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        FakeRouting().route(push: payload, payloadBytes: payloadBytes)
    }

    func backStack(route: String, params: RouteParams) -> [BackStackScreen] { stacks[route] ?? [] }
}

/// docs/PROTOCOL.md "A back stack for an entry from outside", and R13 for a route without one.
@Suite("Back stack")
struct RouterBackStackTests {
    static let list = BackStackScreen(route: "recordList", tab: "records", params: [:])
    static let month = BackStackScreen(route: "recordMonth", tab: "records", params: ["month": "2026-11"])

    /// A ready scene `main` on connection 1 whose `recordDetail` route has `stack` under it.
    static func harness(_ stack: [BackStackScreen]) -> Harness {
        var h = Harness(routing: BackStackRouting(stacks: ["recordDetail": stack]))
        h.ready()
        return h
    }

    /// The shows of `effects` as (screen, route, parent, backStack).
    static func shows(_ effects: [Effect]) -> [Shown] {
        effects.events(to: 1).compactMap {
            if case .show(_, let screen, let route, _, _, _, let parent, let backStack, _) = $0 {
                return Shown(screen: screen, route: route, parent: parent, backStack: backStack)
            }
            return nil
        }
    }

    struct Shown: Hashable, CustomStringConvertible {
        var screen: String
        var route: String
        var parent: String?
        var backStack: Bool

        var description: String { "\(screen) \(route) parent=\(parent ?? "-")\(backStack ? " backStack" : "")" }
    }

    @Test(arguments: [
        ([], [Shown(screen: "s-1", route: "recordDetail", parent: nil, backStack: false)]),
        ([list], [Shown(screen: "s-1", route: "recordList", parent: "records", backStack: true),
                  Shown(screen: "s-2", route: "recordDetail", parent: "s-1", backStack: false)]),
        ([list, month], [Shown(screen: "s-1", route: "recordList", parent: "records", backStack: true),
                         Shown(screen: "s-2", route: "recordMonth", parent: "s-1", backStack: true),
                         Shown(screen: "s-3", route: "recordDetail", parent: "s-2", backStack: false)]),
    ] as [([BackStackScreen], [Shown])])
    func theBackStackIsShownFirstEachTheParentOfTheNext(_ stack: [BackStackScreen], _ expected: [Shown]) {
        var h = Self.harness(stack)
        let shown = h.step(9, open("app://record/7"))
        #expect(Self.shows(shown) == expected)
        #expect(shown.events(to: 1).first == .selectTab(scene: "main", tab: "records"))
        #expect(shown.entryReplies.map(\.state) == [.done])
    }

    /// Finishing goes down the stack a `detach` at a time to the tab's root; without a back stack the
    /// finish is the orphan `pop` of seed 004.
    @Test(arguments: [
        ([], [Event.pop(scene: "main", screen: "s-1", reason: "no parent")]),
        ([list], [.detach(scene: "main", screen: "s-2", parent: "s-1"), .detach(scene: "main", screen: "s-1", parent: "records")]),
        ([list, month], [.detach(scene: "main", screen: "s-3", parent: "s-2"), .detach(scene: "main", screen: "s-2", parent: "s-1"),
                         .detach(scene: "main", screen: "s-1", parent: "records")]),
    ] as [([BackStackScreen], [Event])])
    func finishingGoesBackDownTheStack(_ stack: [BackStackScreen], _ expected: [Event]) {
        var h = Self.harness(stack)
        let screens = Self.shows(h.step(9, open("app://record/7"))).map(\.screen)
        h.drained(1)
        let events = screens.reversed().flatMap { screen in h.step(1, scene("main", .finish(screen: screen))).events(to: 1) }
        #expect(events == expected)
    }

    @Test func aBackStackScreenOnTopIsReused() {
        var h = Self.harness([Self.list, Self.month])
        h.step(9, open("app://record/7"))
        h.drained(1)
        h.step(1, scene("main", .finish(screen: "s-3")))
        #expect(Self.shows(h.step(9, open("app://record/8")))
            == [Shown(screen: "s-4", route: "recordDetail", parent: "s-2", backStack: false)])
        h.drained(1)
        h.step(1, scene("main", .finish(screen: "s-4")))
        h.step(1, scene("main", .finish(screen: "s-2")))
        #expect(Self.shows(h.step(9, open("app://record/9")))
            == [Shown(screen: "s-5", route: "recordMonth", parent: "s-1", backStack: true),
                Shown(screen: "s-6", route: "recordDetail", parent: "s-5", backStack: false)])
    }

    /// Only a screen of the same route and params is reused; the stack goes on top of another screen.
    @Test func anotherScreenOnTopIsNotReused() {
        var h = Self.harness([Self.month])
        h.step(1, scene("main", .appeared(screen: "records")))
        h.step(1, scene("main", .pushed(screen: "detail-x", parent: "recordList")))
        #expect(Self.shows(h.step(9, open("app://record/7")))
            == [Shown(screen: "s-1", route: "recordMonth", parent: "detail-x", backStack: true),
                Shown(screen: "s-2", route: "recordDetail", parent: "s-1", backStack: false)])
    }

    /// A show is at least once (docs/PROTOCOL.md, across restarts): one whose events did not leave before the scene went is
    /// pending again, and the next scene gets the whole stack, after a restart too.
    @Test func theStackIsSentAgainWithTheEntryAfterADisconnectOrARestart() {
        var h = Self.harness([Self.list])
        h.step(9, open("app://record/7"))
        h.input(.disconnected(ConnectionID(1)))
        _ = h.endTurn()
        var again = h.ready("main", on: 2)
        #expect(again.events(to: 2).compactMap { if case .show(_, _, let route, _, _, _, _, _, _) = $0 { route } else { nil } }
            == ["recordList", "recordDetail"])
        var restarted = h.restarted()
        again = restarted.ready("main", on: 3)
        #expect(again.events(to: 3).compactMap { if case .show(_, _, let route, _, let entry, _, _, let backStack, _) = $0 { "\(route) \(entry) \(backStack)" } else { nil } }
            == ["recordList e-1 true", "recordDetail e-1 false"])
    }
}
