@testable import EntryRouter
import Testing

/// A config compiled: one route per final route with what its entries need, and two routes mean the
/// same only when every such field agrees.
struct CompiledRouteTests {
    static let config = try! RoutingFixtures.load(RoutingFixtures.config(routes: """
        {"name": "promo", "match": ["app://promo/:id"], "modal": "promo"},
        {"name": "old", "match": ["app://old/:id"], "redirect": "app://alert/:id"},
        {"name": "alert", "match": ["app://alert/:id"], "modal": "alert", "identity": "id", "ttl": 60},
        {"name": "again", "match": ["app://again/:id"], "modal": "promo"},
        {"name": "list", "match": ["app://list/:id"], "show": "list"}
        """))

    @Test func finalRoutesAreCompiledAndKindsNumberedInOrder() throws {
        let routes = CompiledRoute.compile(Self.config)
        #expect(routes.count == 5 && routes[1] == nil)
        let alert = try #require(routes[2])
        #expect(alert.name == "alert" && alert.ttl == 60 && alert.identityParam == "id" && alert.routeIndex == 2)
        #expect(routes[0]?.kindSlot == 0 && alert.kindSlot == 1 && routes[3]?.kindSlot == 0)
        #expect(routes[4]?.kindSlot == nil && routes[4]?.identityParam == nil && routes[4]?.isModal == false)
    }

    @Test func meaningIsEveryFieldButIndexAndSlot() throws {
        let alert = try #require(CompiledRoute.compile(Self.config)[2])
        #expect(alert.means(alert.with(routeIndex: nil)) && alert.means(alert.filed(kindSlot: 7)))
        #expect(!alert.means(alert.with(name: "other")))
        #expect(!alert.means(alert.with(target: .modal(kind: "alert", priority: 99))))
        #expect(!alert.means(alert.with(ttl: .some(nil))))
        #expect(!alert.means(alert.with(requires: ["signedIn"])))
        #expect(!alert.means(alert.with(actions: ["close": [.dismiss]])))
        #expect(!alert.means(alert.with(target: .show(tab: "alert"))))
    }
}
