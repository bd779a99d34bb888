import Testing
@testable import EntryRouter

@Suite("Routing precedence, targets and redirects")
struct RoutingMatchTests {
    @Test func matchIsFilledCompletely() throws {
        let table = RoutingFixtures.materunner
        #expect(try table.route(url: "materunner://invite/abc?inviter=Lee").get() == RouteMatch(
            route: "invitation", params: ["sessionId": "abc", "inviter": "Lee"],
            target: .modal(kind: "invitation", priority: 2, identity: "abc"), ttl: 300, requires: ["signedIn"],
            actions: ["accept": [.dismiss, .selectTab("home"), .start(flow: "run")], "decline": [.dismiss]]))
        #expect(try table.route(url: "materunner://records/5").get() == RouteMatch(
            route: "recordDetail", params: ["id": "5"], target: .show(tab: "records"), requires: ["signedIn"]))
        #expect(try table.route(url: "materunner://records").get() == RouteMatch(
            route: "records", params: [:], target: .tab("records")))
        #expect(try table.route(url: "materunner://guide/permission/camera").get().target
            == .modal(kind: "permissionGuide", priority: 0, identity: "camera"))
        #expect(try table.route(url: "materunner://notice/update").get().target
            == .modal(kind: "updateNotice", priority: 3, identity: nil))
    }

    /// Patterns of one precedence test; the table is declared forwards and backwards.
    static let precedenceRoutes = [
        #"{"name": "lit", "match": ["app://a/b/c"], "tab": "home"}"#,
        #"{"name": "intThenB", "match": ["app://a/<int:n>/b"], "tab": "home"}"#,
        #"{"name": "paramThenC", "match": ["app://a/:p/c"], "tab": "home"}"#,
        #"{"name": "uuid", "match": ["app://a/<uuid:u>"], "tab": "home"}"#,
        #"{"name": "int", "match": ["app://a/<int:n>"], "tab": "home"}"#,
        #"{"name": "param", "match": ["app://a/:p"], "tab": "home"}"#,
        #"{"name": "rest", "match": ["app://a/*rest"], "tab": "home"}"#,
        #"{"name": "exact", "match": ["app://a"], "tab": "home"}"#,
        #"{"name": "host", "match": ["https://app.example/a/:p"], "tab": "home"}"#,
    ]

    static let precedenceCases: [(String, String, [String: String])] = [
        ("app://a/b/c", "lit", [:]),
        ("app://a/5/b", "intThenB", ["n": "5"]),
        ("app://a/5/c", "paramThenC", ["p": "5"]),
        ("app://a/b/b", "rest", ["rest": "b/b"]),
        ("app://a/5", "int", ["n": "5"]),
        ("app://a/0f8fad5b-d9cb-469f-a165-70867728950e", "uuid", ["u": "0f8fad5b-d9cb-469f-a165-70867728950e"]),
        ("app://a/x", "param", ["p": "x"]),
        ("app://a", "exact", [:]),
        ("app://a/", "exact", [:]),
        ("app://a/x/y/z", "rest", ["rest": "x/y/z"]),
        ("https://app.example/a/x", "host", ["p": "x"]),
    ]

    @Test(arguments: [false, true])
    func precedenceIsIndependentOfDeclarationOrder(reversed: Bool) throws {
        let routes = reversed ? Self.precedenceRoutes.reversed() : Self.precedenceRoutes
        let table = RoutingTable(config: try RoutingFixtures.load(RoutingFixtures.config(routes: routes.joined(separator: ","))))
        for (url, name, params) in Self.precedenceCases {
            let match = try table.route(url: url).get()
            #expect(match.route == name, "\(url)")
            #expect(match.params == RouteParams(params), "\(url)")
        }
    }

    @Test func redirectsFollowUpToFiveHops() throws {
        let hops = (0..<5).map { #"{"name": "r\#($0)", "match": ["app://r\#($0)/:id"], "redirect": "app://r\#($0 + 1)/:id"}"# }
        let json = RoutingFixtures.config(routes: (hops + [#"{"name": "end", "match": ["app://r5/:id"], "show": "list"}"#]).joined(separator: ","))
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        let match = try table.route(url: "app://r0/a%2Fb").get()
        #expect(match.route == "end")
        #expect(match.params == ["id": "a/b"])
        #expect(match.target == .show(tab: "list"))
    }

    /// The loop needs `next=loop` from the query, which no load-time sample has.
    @Test func loopHiddenFromLoadTimeIsNoRoute() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "a", "match": ["app://a"], "push": {"type": "a"}, "params": {"next": "next"}, "redirect": "app://b/:next"},
            {"name": "loop", "match": ["app://b/loop"], "redirect": "app://a"},
            {"name": "b", "match": ["app://b/:n"], "tab": "home"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        #expect(try table.route(url: "app://a?next=word").get().route == "b")
        let looped = table.route(url: "app://a?next=loop")
        #expect(looped.failureCode == .noRoute)
        #expect(looped.failureMessage?.contains("loop") == true)
    }

    /// A redirect that only some data leads nowhere (a `*x` of several segments into a one-segment
    /// target) loads, and such an entry is `no_route` at run time.
    @Test func redirectToNothingIsNoRoute() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "a", "match": ["app://a/*x"], "redirect": "app://b/*x"},
            {"name": "b", "match": ["app://b/:x"], "tab": "home"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        #expect(try table.route(url: "app://a/5").get().route == "b")
        let result = table.route(url: "app://a/two/words")
        #expect(result.failureCode == .noRoute)
        #expect(result.failureMessage?.contains("app://b/two/words") == true)
    }

    @Test func pushRedirectUsesPayloadParams() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "short", "push": {"type": "item"}, "params": {"id": "item.id"}, "redirect": "app://items/:id"},
            {"name": "item", "match": ["app://items/:id"], "show": "list"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        let payload = PushPayload(.object(["type": .string("item"), "item": .object(["id": .number(9)])]))
        #expect(try table.route(push: payload, payloadBytes: 40).get() == RouteMatch(route: "item", params: ["id": "9"], target: .show(tab: "list")))
        let missing = table.route(push: PushPayload(.object(["type": .string("item")])), payloadBytes: 20)
        #expect(missing.failureCode == .noRoute)
        #expect(missing.failureMessage?.contains("id") == true)
    }
}
