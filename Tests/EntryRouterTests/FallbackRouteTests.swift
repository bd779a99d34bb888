import Testing
@testable import EntryRouter

/// docs/PROTOCOL.md "Where an unmatched link goes": an allowed link that matches no pattern goes to the
/// `fallback` route with the param `url`; a refused link stays refused.
@Suite("Fallback route")
struct FallbackRouteTests {
    /// A config with a `notFound` show route as the fallback (or `fallback` as given): as the
    /// fallback it needs no pattern of its own.
    static func json(fallback: String = "\"notFound\"", routes extra: String = "") -> String {
        """
        {"bundleId": "com.example.app", "schemes": ["app"],
         "universalLinks": [{"host": "app.example", "paths": ["/open/*", "/items/*"]}],
         "home": "home", "tabs": ["home", "list"], "pushLinkKey": "link", "modals": {"alert": 0},
         "fallback": \(fallback),
         "routes": [
           {"name": "item", "match": ["app://items/<int:id>", "https://app.example/items/<int:id>"], "show": "list"},
           {"name": "shortItem", "match": ["app://i/<int:id>"], "redirect": "app://items/:id"},
           {"name": "alert", "match": ["app://alert/:id"], "modal": "alert"},
           {"name": "notFound", "show": "home"\(fallback == "\"notFound\"" ? "" : #", "match": ["app://not-found"]"#)}\(extra)
         ]}
        """
    }

    static let table = RoutingTable(config: try! RoutingFixtures.load(json()))

    @Test(arguments: [
        ("app://items/7", "item", ["id": "7"]),
        ("app://i/7", "item", ["id": "7"]),
        ("app://nowhere/1", "notFound", ["url": "app://nowhere/1"]),
        ("app://items/seven", "notFound", ["url": "app://items/seven"]),
        ("app://", "notFound", ["url": "app://"]),
        ("https://app.example/open/new-thing?x=1", "notFound", ["url": "https://app.example/open/new-thing?x=1"]),
    ] as [(String, String, RouteParams)])
    func allowedLinks(_ url: String, _ route: String, _ params: RouteParams) throws {
        let match = try Self.table.route(url: url).get()
        #expect(match.route == route)
        #expect(match.params == params)
    }

    @Test(arguments: [
        "other://items/7", "http://app.example/items/7", "https://app.example/admin/1", "https://evil.example/x",
        "https://user:pw@app.example/items/7",
    ])
    func refusedLinksStayRefused(_ url: String) {
        guard case .failure(let error) = Self.table.route(url: url) else {
            Issue.record("\(url) routed, expected not_allowed")
            return
        }
        #expect(error.code == .notAllowed)
    }

    @Test func withoutFallbackAnUnmatchedLinkIsNoRoute() throws {
        var config = try RoutingFixtures.load(Self.json())
        config.fallback = nil
        guard case .failure(let error) = RoutingTable(config: config).route(url: "app://nowhere") else {
            Issue.record("routed without a fallback")
            return
        }
        #expect(error.code == .noRoute)
    }

    /// A push's link-key URL is a link the user tapped: it takes the fallback too.
    @Test func pushLinkKeyTakesTheFallback() throws {
        let payload = PushPayload(.object(["link": .string("app://later/feature")]))
        let match = try Self.table.route(push: payload, payloadBytes: 40).get()
        #expect(match.route == "notFound")
        #expect(match.params == ["url": "app://later/feature"])
    }

    @Test func aTabRouteCanBeTheFallback() throws {
        let json = Self.json(fallback: "\"listTab\"", routes: #", {"name": "listTab", "match": ["app://list"], "tab": "list"}"#)
        let match = try RoutingTable(config: try RoutingFixtures.load(json)).route(url: "app://x").get()
        #expect(match.route == "listTab")
        #expect(match.target == .tab("list"))
    }

    @Test func explanationNamesTheFallback() {
        let explanation = Self.table.explain(url: "app://nowhere/1")
        #expect(explanation.hops.count == 1)
        #expect(explanation.hops.first?.winner == nil)
        #expect(explanation.hops.first?.fallback == "notFound")
        #expect((try? explanation.result.get())?.route == "notFound")
        #expect(Self.table.explain(url: "app://items/1").hops.first?.fallback == nil)
    }

    @Test(arguments: [
        ("\"nope\"", "", "no route is named \"nope\""),
        ("\"alert\"", "", "route alert is not a show or tab route"),
        ("\"shortItem\"", "", "route shortItem is a redirect route"),
        ("\"item\"", "", "route item expects param id"),
        ("\"typed\"", #", {"name": "typed", "match": ["app://t/<int:url>"], "show": "home"}"#, "captures url as a typed param"),
        ("\"withStack\"", #", {"name": "withStack", "match": ["app://w"], "show": "list", "backStack": ["app://items/:id"]}"#,
         "expects param id"),
    ])
    func refusedFallbacks(_ fallback: String, _ extra: String, _ problem: String) {
        do {
            _ = try RoutingFixtures.load(Self.json(fallback: fallback, routes: extra), file: "app.json")
            Issue.record("loaded, expected: \(problem)")
        } catch {
            let errors = error.errors.filter { $0.field == "fallback" }
            #expect(errors.count == 1, "\(error)")
            #expect(errors.first?.description.contains(problem) == true, "\(error)")
        }
    }

    @Test func aFallbackThatTakesURLLoads() throws {
        let json = Self.json(fallback: "\"web\"", routes: #", {"name": "web", "match": ["app://web/*url"], "show": "home"}"#)
        #expect(throws: Never.self) { try RoutingFixtures.load(json) }
    }
}
