@testable import EntryRouter
import Testing

/// The router's shapes looked up by match: a match of the shared route looked up last gets that
/// route's shape again by identity, and every other match still gets the shape its fields describe.
struct RouteShapesTests {
    static let config = try! RoutingFixtures.load(RoutingFixtures.config(routes: """
        {"name": "alert", "match": ["app://alert/:id"], "modal": "alert"},
        {"name": "list", "match": ["app://list/:id"], "show": "list"},
        {"name": "home", "match": ["app://home"], "tab": "home"}
        """))

    static func match(_ url: String, in table: RoutingTable) throws -> RouteMatch {
        try table.route(url: url).get()
    }

    @Test func matchesOfOneRouteShareItsShapeWhateverCameBetween() throws {
        let table = RoutingTable(config: Self.config)
        var shapes = RouteShapes(config: Self.config)
        let alert = try Self.match("app://alert/1", in: table)
        let first = shapes.shape(of: alert)
        #expect(first.name == "alert" && first.kind == "alert")
        #expect(shapes.shape(of: try Self.match("app://alert/2", in: table)) === first)
        let list = shapes.shape(of: try Self.match("app://list/1", in: table))
        #expect(list.name == "list" && list !== first)
        #expect(shapes.shape(of: try Self.match("app://alert/3", in: table)) === first)
        #expect(shapes.shape(of: try Self.match("app://list/2", in: table)) === list)
        #expect(shapes.shape(of: try Self.match("app://home", in: table)).name == "home")
    }

    @Test func aChangedMatchIsNotTakenForTheRouteLookedUpLast() throws {
        let table = RoutingTable(config: Self.config)
        var shapes = RouteShapes(config: Self.config)
        var alert = try Self.match("app://alert/1", in: table)
        let shape = shapes.shape(of: alert)
        alert.requires = ["signedIn"]
        let gated = shapes.shape(of: alert)
        #expect(gated !== shape && gated.requires == ["signedIn"] && gated.name == "alert")
        alert.target = .modal(kind: "promo", priority: 1, identity: nil)
        let promo = shapes.shape(of: alert)
        #expect(promo !== gated && promo.kind == "promo" && promo.requires == ["signedIn"])
        #expect(shapes.shape(of: try Self.match("app://alert/2", in: table)) === shape)
    }

    @Test func matchesNotFromATableAreShapedByTheirFields() {
        var shapes = RouteShapes(config: Self.config)
        let made = RouteMatch(route: "elsewhere", params: [:], target: .show(tab: "list"))
        let shape = shapes.shape(of: made)
        #expect(shape.name == "elsewhere" && shape.target == .show(tab: "list"))
        let again = RouteMatch(route: "elsewhere", params: ["a": "b"], target: .show(tab: "list"))
        #expect(shapes.shape(of: again) === shape)
        #expect(shapes.shape(of: made) === shape)
        let other = RouteMatch(route: "elsewhere", params: [:], target: .tab("home"))
        #expect(shapes.shape(of: other) !== shape)
    }
}
