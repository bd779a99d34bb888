@testable import EntryRouter
import Testing

/// The router's compiled routes: a match from the table of the router's config gives its entry the
/// table's own route, and every other match gets the filed route that means what it does.
struct RouteRegistryTests {
    static let config = try! RoutingFixtures.load(RoutingFixtures.config(routes: """
        {"name": "alert", "match": ["app://alert/:id"], "modal": "alert"},
        {"name": "list", "match": ["app://list/:id"], "show": "list"},
        {"name": "home", "match": ["app://home"], "tab": "home"}
        """))

    static func match(_ url: String, in table: RoutingTable) throws -> RouteMatch {
        try table.route(url: url).get()
    }

    @Test func aMatchOfTheTableGivesItsOwnRoute() throws {
        let table = RoutingTable(config: Self.config)
        var routes = RouteRegistry(config: Self.config, routing: table)
        let alert = try Self.match("app://alert/1", in: table)
        let first = routes.route(of: alert)
        #expect(first === alert.shared && first.name == "alert" && first.kind == "alert" && first.kindSlot == 0)
        #expect(routes.route(of: try Self.match("app://alert/2", in: table)) === first)
        let list = routes.route(of: try Self.match("app://list/1", in: table))
        #expect(list.name == "list" && list !== first && list.kindSlot == nil)
        #expect(routes.route(of: try Self.match("app://home", in: table)) === routes.route(routeIndex: 2))
    }

    @Test func aTableOfOtherRoutesIsFiledByMeaning() throws {
        let table = RoutingTable(config: Self.config)
        var routes = RouteRegistry(config: Self.config, routing: RoutingTable(config: Self.config))
        let alert = try Self.match("app://alert/1", in: table)
        let filed = routes.route(of: alert)
        #expect(filed !== alert.shared && filed.means(alert.shared))
        #expect(routes.route(of: try Self.match("app://alert/2", in: table)) === filed)
    }

    @Test func aChangedMatchIsFiledAsTheRouteItNowMeans() throws {
        let table = RoutingTable(config: Self.config)
        var routes = RouteRegistry(config: Self.config, routing: table)
        var alert = try Self.match("app://alert/1", in: table)
        let route = routes.route(of: alert)
        alert.requires = ["signedIn"]
        let gated = routes.route(of: alert)
        #expect(gated !== route && gated.requires == ["signedIn"] && gated.name == "alert" && gated.kindSlot == 0)
        alert.target = .modal(kind: "promo", priority: 1, identity: nil)
        let promo = routes.route(of: alert)
        #expect(promo !== gated && promo.kind == "promo" && promo.requires == ["signedIn"] && promo.kindSlot == 1)
        #expect(routes.kindSlot(of: "promo") == 1)
        #expect(routes.route(of: try Self.match("app://alert/2", in: table)) === route)
    }

    @Test func matchesNotFromATableAreFiledByTheirFields() {
        var routes = RouteRegistry(config: Self.config, routing: RoutingTable(config: Self.config))
        let made = RouteMatch(route: "elsewhere", params: [:], target: .show(tab: "list"))
        let route = routes.route(of: made)
        #expect(route.name == "elsewhere" && route.target == .show(tab: "list"))
        let again = RouteMatch(route: "elsewhere", params: ["a": "b"], target: .show(tab: "list"))
        #expect(routes.route(of: again) === route)
        #expect(routes.route(of: made) === route)
        let other = RouteMatch(route: "elsewhere", params: [:], target: .tab("home"))
        #expect(routes.route(of: other) !== route)
    }
}
