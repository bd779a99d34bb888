import Testing
@testable import EntryRouter

@Suite("Route explanations: why a URL or payload routes where it does")
struct RouteExplanationTests {
    typealias Explained = RouteExplanation

    static let precedence = RoutingTable(config: try! RoutingFixtures.load(RoutingFixtures.config(
        routes: RoutingMatchTests.precedenceRoutes.joined(separator: ","))))

    /// The last hop's winner and params are the routing table's own answer, for every case of the
    /// precedence table and of the sample's links.
    @Test func theWinnerIsTheTablesAnswer() {
        let cases = RoutingMatchTests.precedenceCases.map { (Self.precedence, $0.0) }
            + ["materunner://invite/run-1?inviter=Lee", "https://materunner.app/r/7", "materunner://records/5?id=9&x=1&x=1",
               "materunner://notice/update", "materunner://notice/maintenance", "materunner://"].map { (RoutingFixtures.materunner, $0) }
        for (table, url) in cases {
            let explanation = table.explain(url: url)
            let match = try? explanation.result.get()
            #expect(match != nil, "\(url)")
            #expect(explanation.hops.last?.winner?.route == match?.route, "\(url)")
            let params = explanation.hops.last.map { RouteParams(pairs: $0.params.map { (key: $0.name, value: $0.value) }) }
            #expect(params == match?.params, "\(url)")
            #expect(explanation.result == table.route(url: url), "\(url)")
        }
    }

    /// Each pattern that matches too is listed with the first segment where it ranks below the winner.
    @Test(arguments: [
        ("app://a/5", "int", [("param", 1, Explained.SegmentKind.int, Explained.SegmentKind.param), ("rest", 1, .int, .rest)]),
        ("app://a/5/b", "intThenB", [("rest", 1, .int, .rest)]),
        ("app://a/b/c", "lit", [("paramThenC", 1, .literal, .param), ("rest", 1, .literal, .rest)]),
        ("app://a", "exact", [("rest", 1, .end, .rest)]),
        ("app://a/x", "param", [("rest", 1, .param, .rest)]),
        ("app://a/x/y/z", "rest", []),
    ] as [(String, String, [(String, Int, Explained.SegmentKind, Explained.SegmentKind)])])
    func beatenPatternsNameTheDecidingSegment(url: String, winner: String,
                                              beaten: [(String, Int, Explained.SegmentKind, Explained.SegmentKind)]) {
        let hop = Self.precedence.explain(url: url).hops[0]
        #expect(hop.winner?.route == winner)
        #expect(hop.beaten.map(\.candidate.route) == beaten.map(\.0))
        #expect(hop.beaten.map(\.segment) == beaten.map(\.1))
        #expect(hop.beaten.map(\.winnerKind) == beaten.map(\.2))
        #expect(hop.beaten.map(\.loserKind) == beaten.map(\.3))
    }

    @Test func aRedirectIsAHopWithTheParamsCarried() {
        let explanation = RoutingFixtures.materunner.explain(url: "https://materunner.app/r/7?from=mail")
        #expect(explanation.hops.map(\.url) == ["https://materunner.app/r/7?from=mail", "materunner://records/7"])
        #expect(explanation.hops[1].redirect == Explained.Redirect(route: "recordShortLink", template: "materunner://records/:id"))
        #expect(explanation.hops[1].params == [
            Explained.Param(name: "from", value: "mail", origin: .earlierHop),
            Explained.Param(name: "id", value: "7", origin: .path(segment: 1)),
        ])
        #expect(explanation.hops[0].admission == .universalLink(Explained.LinkRuleDecision(
            host: "materunner.app", entry: "materunner.app", rules: "paths", rule: "/r/*", allows: true)))
    }

    @Test func aPathParamAndTheFirstQueryItemWin() {
        let hop = RoutingFixtures.materunner.explain(url: "materunner://records/5?id=9&x=1&x=2").hops[0]
        #expect(hop.params == [
            Explained.Param(name: "id", value: "5", origin: .path(segment: 1)),
            Explained.Param(name: "x", value: "1", origin: .query),
        ])
        #expect(hop.lost == [
            Explained.Param(name: "id", value: "9", origin: .query),
            Explained.Param(name: "x", value: "2", origin: .query),
        ])
    }

    @Test(arguments: [
        ("https://materunner.app/records/admin/1", "NOT /records/admin/*", false),
        ("https://materunner.app/records/7", "/records/*", true),
        ("https://MateRunner.app:443/invite/x", "/invite/*", true),
        ("https://materunner.app/settings", nil, false),
    ] as [(String, String?, Bool)])
    func theUniversalLinkRuleThatDecidedIsNamed(url: String, rule: String?, allows: Bool) {
        let explanation = RoutingFixtures.materunner.explain(url: url)
        #expect(explanation.hops[0].admission == .universalLink(Explained.LinkRuleDecision(
            host: "materunner.app", entry: "materunner.app", rules: "paths", rule: rule, allows: allows)))
        if !allows {
            #expect(throws: WireError.self) { try explanation.result.get() }
            #expect(explanation.hops[0].winner == nil && explanation.hops[0].nearest.isEmpty)
        }
    }

    /// With an apple-app-site-association file, the deciding rule is the key of its first matching component.
    @Test(arguments: [
        ("https://shop.example.com/item/4", "applinks.details[0].components[1]", true),
        ("https://shop.example.com/admin/4", "applinks.details[0].components[0] (exclude)", false),
        ("https://x.example.com/other", nil, false),
    ] as [(String, String?, Bool)])
    func anAASAComponentIsNamedByItsKey(url: String, rule: String?, allows: Bool) throws {
        let association = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "#
            + #""components": [{"/": "/admin/*", "exclude": true}, {"/": "/item/*"}]}]}}"#
        let config = try Config.load(json: Array(RoutingFixtures.config(
            routes: #"{"name": "item", "match": ["https://shop.example.com/item/:id"], "tab": "home"}"#,
            universalLinks: #"[{"host": "*.example.com", "aasa": "aasa.json"}]"#)
            .replacing(#""bundleId": "com.example.app","#,
                       with: #""bundleId": "com.example.app", "appId": "ABCDE12345.com.example.app","#).utf8),
            file: "test.json", readFile: { _ in Array(association.utf8) })
        let hop = RoutingTable(config: config).explain(url: url).hops[0]
        let host = url.split(separator: "/")[1]
        #expect(hop.admission == .universalLink(Explained.LinkRuleDecision(
            host: String(host), entry: "*.example.com", rules: "aasa.json", rule: rule, allows: allows)))
    }

    @Test(arguments: [
        ("ftp://x/y", ErrorCode.notAllowed, "scheme ftp is not declared"),
        ("https://other.app/x", .notAllowed, "not a universal-link host"),
        ("materunner://a b", .notAllowed, "space"),
    ] as [(String, ErrorCode, String)])
    func aURLRefusedBeforeAnyRuleSaysWhy(url: String, code: ErrorCode, words: String) {
        guard case .refused(let error) = RoutingFixtures.materunner.explain(url: url).hops[0].admission else {
            Issue.record("\(url) was not refused")
            return
        }
        #expect(error.code == code)
        #expect(error.message.contains(words))
    }

    /// A miss lists the patterns that got furthest, a typo's literal before a pattern of another length.
    @Test(arguments: [
        ("materunner://recrods/7", [("recordDetail", 0, Explained.StopReason.literal(expected: "records", found: "recrods")),
                                    ("records", 0, .literal(expected: "records", found: "recrods")),
                                    ("recordShortLink", 0, .literal(expected: "r", found: "recrods"))]),
        ("https://materunner.app/records/abc", [("recordDetail", 1, .notInt(found: "abc")),
                                                ("records", 1, .urlGoesOn(found: "abc")),
                                                ("recordShortLink", 0, .literal(expected: "r", found: "records"))]),
        ("materunner://guide/permission", [("permissionGuide", 2, .urlEnds(expected: ":permission"))]),
    ] as [(String, [(String, Int, Explained.StopReason)])])
    func aMissListsTheNearestPatterns(url: String, nearest: [(String, Int, Explained.StopReason)]) {
        let explanation = RoutingFixtures.materunner.explain(url: url)
        let hop = explanation.hops[0]
        #expect(hop.winner == nil)
        #expect(Array(hop.nearest.map(\.candidate.route).prefix(nearest.count)) == nearest.map(\.0))
        #expect(Array(hop.nearest.map(\.segment).prefix(nearest.count)) == nearest.map(\.1))
        #expect(Array(hop.nearest.map(\.reason).prefix(nearest.count)) == nearest.map(\.2))
        #expect(hop.nearest.count <= RoutingTable.nearestShown)
        #expect((try? explanation.result.get()) == nil)
    }

    @Test func aPushNamesItsSelectorAndWhereEachParamCameFrom() {
        let payload = PushPayload(.object(["type": .string("invitation"), "sessionId": .string("run-42"),
                                           "inviter": .object(["name": .string("Mina")])]))
        let explanation = RoutingFixtures.materunner.explain(push: payload, payloadBytes: 60)
        #expect(explanation.push?.matched == .selector(route: "invitation", selector: ["type": .string("invitation")]))
        #expect(explanation.push?.params == [
            Explained.Param(name: "inviter", value: "Mina", origin: .payload(key: "inviter.name")),
            Explained.Param(name: "sessionId", value: "run-42", origin: .payload(key: "sessionId")),
        ])
        #expect(explanation.hops.isEmpty)
        #expect(explanation.result == RoutingFixtures.materunner.route(push: payload, payloadBytes: 60))
    }

    @Test func aPushLinkIsExplainedAsALink() {
        let payload = PushPayload(.object(["link": .string("https://materunner.app/r/3")]))
        let explanation = RoutingFixtures.materunner.explain(push: payload, payloadBytes: 40)
        #expect(explanation.push?.matched == .link(key: "link", url: "https://materunner.app/r/3"))
        #expect(explanation.hops.map(\.winner?.route) == ["recordShortLink", "recordDetail"])
        #expect((try? explanation.result.get())?.route == "recordDetail")
    }

    @Test func aLaterSelectorThatMatchesTooIsShadowed() throws {
        let table = RoutingTable(config: try RoutingFixtures.load(RoutingFixtures.config(routes: """
            {"name": "any", "push": {"type": "promo"}, "show": "list"},
            {"name": "big", "push": {"size": "big"}, "show": "home"},
            {"name": "short", "match": ["app://s/:id"], "push": {"type": "short"}, "params": {"id": "id"}, "redirect": "app://any/:id"},
            {"name": "target", "match": ["app://any/:id"], "show": "list"}
            """)))
        let promo = table.explain(push: PushPayload(.object(["type": .string("promo"), "size": .string("big")])), payloadBytes: 30)
        #expect(promo.push?.shadowed == ["big"])
        let short = table.explain(push: PushPayload(.object(["type": .string("short"), "id": .string("4")])), payloadBytes: 30)
        #expect(short.hops.map(\.url) == ["app://any/4"])
        #expect(short.hops[0].redirect?.route == "short")
        #expect((try? short.result.get())?.route == "target")
        let none = table.explain(push: PushPayload(.object(["type": .string("prom")])), payloadBytes: 20)
        #expect(none.push?.matched == nil)
        #expect(none.push?.misses.first == Explained.SelectorMiss(route: "any", key: "type", expected: .string("promo"),
                                                                  found: .string("prom")))
    }

    @Test func aPayloadOverTheLimitIsOnlyItsError() {
        let explanation = RoutingFixtures.materunner.explain(push: PushPayload(.object(["type": .string("tutorial")])), payloadBytes: 5000)
        #expect(explanation.push == nil && explanation.hops.isEmpty)
        #expect(throws: WireError.self) { try explanation.result.get() }
    }

    @Test(arguments: [
        ("recordDetail", ["id": "7"], ["materunner://records/7", "https://materunner.app/records/7"]),
        ("invitation", ["sessionId": "run 42", "inviter": "Mina"],
         ["materunner://invite/run%2042?inviter=Mina", "https://materunner.app/invite/run%2042?inviter=Mina"]),
        ("home", [:], ["materunner://"]),
        ("recordShortLink", ["id": "7"], ["materunner://r/7", "https://materunner.app/r/7"]),
    ] as [(String, [String: String], [String])])
    func aLinkRoutesBack(route: String, params: [String: String], urls: [String]) throws {
        let links = try RoutingFixtures.materunner.links(route: route, params: params)
        #expect(links.map(\.outcome) == urls.map { .url($0, check: .routesBack) })
    }

    @Test func aLinkThatCannotBeMadeOrDoesNotRouteBackSaysSo() throws {
        let unfillable = try RoutingFixtures.materunner.links(route: "recordDetail", params: ["id": "abc"])
        #expect(unfillable.map(\.outcome) == Array(repeating: .unfillable("<int:id> does not take `abc`"), count: 2))
        let missing = try RoutingFixtures.materunner.links(route: "recordDetail", params: [:])
        #expect(missing.first?.outcome == .unfillable("<int:id> needs param id"))
        let table = RoutingTable(config: try RoutingFixtures.load(RoutingFixtures.config(routes: """
            {"name": "param", "match": ["app://a/:p"], "tab": "home"},
            {"name": "literal", "match": ["app://a/new"], "tab": "list"}
            """)))
        #expect(try table.links(route: "param", params: ["p": "new"]).map(\.outcome)
            == [.url("app://a/new", check: .routesTo(route: "literal", params: [:]))])
        #expect(throws: RoutingTable.LinkError.unknownRoute("paramm", suggestion: "param")) {
            try table.links(route: "paramm", params: [:])
        }
    }

    @Test func aUniversalLinkThatItsRulesRefuseDoesNotRouteBack() throws {
        let table = RoutingTable(config: try RoutingFixtures.load(RoutingFixtures.config(routes: """
            {"name": "item", "match": ["app://item/:id", "https://app.example/item/:id"], "tab": "home"}
            """, universalLinks: #"[{"host": "app.example", "paths": ["NOT /item/secret", "/item/*"]}]"#)))
        let links = try table.links(route: "item", params: ["id": "secret"])
        #expect(links[0].outcome == .url("app://item/secret", check: .routesBack))
        guard case .url(_, .refused(let error)) = links[1].outcome else {
            Issue.record("the https link was not refused: \(links[1].outcome)")
            return
        }
        #expect(error.code == .notAllowed)
    }
}
