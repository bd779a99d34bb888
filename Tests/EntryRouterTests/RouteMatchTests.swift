import Testing
@testable import EntryRouter

/// A match refers to its compiled route (`CompiledRoute`) and keeps the identity value itself:
/// its fields read and set as stored ones, setting one never changes another match of the route, and
/// every match a table makes for one route shares one route.
struct RouteMatchTests {
    static let modal = RouteMatch(route: "notice", params: ["noticeId": "n-1"],
                                  target: .modal(kind: "serviceNotice", priority: 4, identity: "n-1"), ttl: 60,
                                  requires: ["signedIn"], actions: ["close": [.dismiss]], routeIndex: 3)

    @Test func fieldsReadAsGiven() {
        let match = Self.modal
        #expect(match.route == "notice" && match.params == ["noticeId": "n-1"] && match.ttl == 60)
        #expect(match.target == .modal(kind: "serviceNotice", priority: 4, identity: "n-1"))
        #expect(match.requires == ["signedIn"] && match.actions == ["close": [.dismiss]] && match.routeIndex == 3)
        #expect(match.identity == "n-1" && match.shared.target == .modal(kind: "serviceNotice", priority: 4))
    }

    @Test func settingAFieldChangesThatMatchOnly() {
        var changed = Self.modal
        changed.route = "other"
        changed.ttl = nil
        changed.requires = []
        changed.actions = [:]
        changed.routeIndex = nil
        #expect(changed.route == "other" && changed.ttl == nil && changed.requires.isEmpty && changed.actions.isEmpty)
        #expect(changed.routeIndex == nil && changed.target == Self.modal.target && changed.params == Self.modal.params)
        #expect(Self.modal.route == "notice" && Self.modal.ttl == 60 && Self.modal.routeIndex == 3)
        #expect(Self.modal.requires == ["signedIn"] && Self.modal.actions == ["close": [.dismiss]])
        #expect(changed != Self.modal)
    }

    /// A target set with an identity value keeps the value in the match; a show or tab drops it.
    @Test func settingTheTargetMovesItsIdentity() {
        var match = Self.modal
        match.target = .modal(kind: "serviceNotice", priority: 4, identity: "n-2")
        #expect(match.target == .modal(kind: "serviceNotice", priority: 4, identity: "n-2") && match.identity == "n-2")
        #expect(match != Self.modal && match.shared !== Self.modal.shared)
        match.target = .show(tab: "home")
        #expect(match.target == .show(tab: "home") && match.identity == nil)
        match.target = .modal(kind: "tutorial", priority: 1, identity: nil)
        #expect(match.target == .modal(kind: "tutorial", priority: 1, identity: nil) && match.identity == nil)
    }

    /// Equal and hashed alike whatever their route objects and route index; an identity value tells
    /// two matches apart.
    @Test func equalityComparesFieldsNotRoutes() {
        let again = RouteMatch(route: "notice", params: ["noticeId": "n-1"],
                               target: .modal(kind: "serviceNotice", priority: 4, identity: "n-1"), ttl: 60,
                               requires: ["signedIn"], actions: ["close": [.dismiss]])
        #expect(again == Self.modal && again.hashValue == Self.modal.hashValue && again.shared !== Self.modal.shared)
        var other = again
        other.target = .modal(kind: "serviceNotice", priority: 4, identity: "n-9")
        #expect(other != again)
    }

    /// A match made from a table's route keeps an identity value for a modal route only.
    @Test func aTableRouteKeepsTheIdentityOfAModalOnly() {
        let show = CompiledRoute(name: "records", target: .show(tab: "records"), requires: [], actions: [:],
                                 identityParam: "id", kindSlot: nil, routeIndex: 1)
        #expect(RouteMatch(show, params: [:], identity: "x").identity == nil)
        let modal = CompiledRoute(name: "notice", target: .modal(kind: "k", priority: 1), requires: [], actions: [:],
                                  identityParam: "id", kindSlot: 0, routeIndex: 2)
        let match = RouteMatch(modal, params: [:], identity: "x")
        #expect(match.target == .modal(kind: "k", priority: 1, identity: "x"))
        #expect(RouteMatch(modal, params: [:], identity: nil).target == .modal(kind: "k", priority: 1, identity: nil))
    }

    /// Every push and URL match of one config route refers to the one route the table made for it.
    @Test func aTableSharesOneRoutePerConfigRoute() throws {
        let table = RoutingFixtures.materunner
        let push = try table.route(push: PushPayload(.object(["type": .string("serviceNotice"), "noticeId": .string("a")])),
                                   payloadBytes: 40).get()
        let url = try table.route(url: "materunner://notice/b").get()
        #expect(push.shared === url.shared && push.route == "serviceNotice" && push.identity == "a" && url.identity == "b")
    }
}
