import Testing
@testable import EntryRouter

@Suite("Routing push payloads")
struct RoutingPushTests {
    let table = RoutingFixtures.materunner

    private func object(_ members: [String: JSONValue]) -> JSONValue { .object(members) }

    @Test func selectorTakesPayloadWithDottedParams() throws {
        let payload = object(["aps": object(["alert": .string("Run with me")]), "type": .string("invitation"),
                              "sessionId": .string("s-1"), "inviter": object(["name": .string("Kim")])])
        let match = try table.route(push: payload, payloadBytes: 120).get()
        #expect(match == RouteMatch(
            route: "invitation", params: ["sessionId": "s-1", "inviter": "Kim"],
            target: .modal(kind: "invitation", priority: 2, identity: "s-1"), ttl: 300, requires: ["signedIn"],
            actions: ["accept": [.dismiss, .selectTab("home"), .start(flow: "run")], "decline": [.dismiss]]))
    }

    @Test func missingParamPathGivesNoParam() throws {
        let match = try table.route(push: object(["type": .string("invitation"), "sessionId": .string("s-2")]), payloadBytes: 50).get()
        #expect(match.params == ["sessionId": "s-2"])
    }

    @Test(arguments: [
        (JSONValue.number(42), "42"), (.number(-3), "-3"), (.number(4.5), "4.5"), (.bool(true), "true"),
        (.bool(false), "false"), (.string("7"), "7"),
    ])
    func scalarParamsBecomeStrings(_ value: JSONValue, _ text: String) throws {
        let match = try table.route(push: object(["type": .string("record"), "recordId": value]), payloadBytes: 40).get()
        #expect(match.route == "recordDetail")
        #expect(match.params == ["id": text])
        #expect(match.target == .show(tab: "records"))
    }

    @Test(arguments: [JSONValue.null, .array([.number(1)]), .object(["a": .number(1)])])
    func nonScalarParamIsLeftOut(_ value: JSONValue) throws {
        let match = try table.route(push: object(["type": .string("record"), "recordId": value]), payloadBytes: 40).get()
        #expect(match.params == [:])
    }

    @Test func linkKeyRoutesAsURL() throws {
        let payload = object(["type": .string("invitation"), "link": .string("materunner://records/3")])
        let match = try table.route(push: payload, payloadBytes: 60).get()
        #expect(match.route == "recordDetail")
        #expect(match.params == ["id": "3"])
    }

    @Test func linkKeyRedirects() throws {
        let match = try table.route(push: object(["link": .string("materunner://r/8")]), payloadBytes: 30).get()
        #expect(match.route == "recordDetail")
        #expect(match.params == ["id": "8"])
    }

    @Test(arguments: [("http://materunner.app/invite/a", ErrorCode.notAllowed), ("materunner://nope", .noRoute)])
    func linkKeyErrorsAreTheURLs(_ link: String, _ code: ErrorCode) {
        let result = table.route(push: object(["link": .string(link)]), payloadBytes: 30)
        #expect(result.failureCode == code)
    }

    @Test func nonStringLinkFallsBackToSelectors() throws {
        let payload = object(["link": .number(1), "type": .string("tutorial"), "step": .string("intro")])
        let match = try table.route(push: payload, payloadBytes: 40).get()
        #expect(match.route == "tutorial")
        #expect(match.params == ["step": "intro"])
        #expect(match.target == .modal(kind: "tutorial", priority: 1, identity: nil))
        #expect(match.ttl == 86400)
    }

    @Test func simulatorBundleMustMatch() throws {
        let right = object(["Simulator Target Bundle": .string("com.example.materunner"), "type": .string("updateNotice"),
                            "version": .string("2.0")])
        let match = try table.route(push: right, payloadBytes: 80).get()
        #expect(match.route == "updateNotice")
        #expect(match.params == ["version": "2.0"])
        #expect(match.target == .modal(kind: "updateNotice", priority: 3, identity: "2.0"))

        let wrong = object(["Simulator Target Bundle": .string("com.example.other"), "type": .string("updateNotice")])
        #expect(table.route(push: wrong, payloadBytes: 80).failureCode == .wrongBundle)
        #expect(table.route(push: wrong, payloadBytes: 80).failureMessage?.contains("com.example.other") == true)
        let notString = object(["Simulator Target Bundle": .number(1), "type": .string("updateNotice")])
        #expect(table.route(push: notString, payloadBytes: 80).failureCode == .wrongBundle)
    }

    @Test(arguments: [
        (#"{"Simulator Target Bundle":"b","type":"t"}"#, #"{"type":"t"}"#),
        (#"{"type":"t","Simulator Target Bundle":"b"}"#, #"{"type":"t"}"#),
        (#"{"Simulator Target Bundle":"b"}"#, #"{}"#),
        (#"{ "type" : "t" , "Simulator Target Bundle" : "b" }"#, #"{ "type" : "t"   }"#),
        (#"{"a":{"Simulator Target Bundle":"b"},"type":"t"}"#, #"{"a":{"Simulator Target Bundle":"b"},"type":"t"}"#),
        (#"{"Simulator Target Bundle":{"x":[1,2]},"type":"t"}"#, #"{"type":"t"}"#),
    ])
    func simulatorBundleMemberIsMeasuredExactly(_ text: String, _ delivered: String) throws {
        let payload = try PushPayload.scanning(Array(text.utf8))
        #expect(text.utf8.count - payload.simulatorBundleBytes == delivered.utf8.count)
    }

    @Test func simulatorBundleKeyDoesNotCountTowardTheLimit() throws {
        let head = #"{"Simulator Target Bundle":"com.example.materunner","type":"tutorial","pad":""#
        let bundleBytes = #""Simulator Target Bundle":"com.example.materunner","#.utf8.count
        let padding = 4096 + bundleBytes - head.utf8.count - 2
        let fits = try PushPayload.scanning(Array((head + String(repeating: "x", count: padding) + "\"}").utf8))
        let over = try PushPayload.scanning(Array((head + String(repeating: "x", count: padding + 1) + "\"}").utf8))
        #expect(table.route(push: fits, payloadBytes: 4096 + bundleBytes).failureCode == nil)
        #expect(table.route(push: over, payloadBytes: 4097 + bundleBytes).failureMessage
                == "push payload is 4097 bytes without \"Simulator Target Bundle\", over the 4096-byte limit (--max-payload; APNs allows 4096)")
    }

    @Test func payloadSizeLimit() {
        let payload = object(["type": .string("tutorial")])
        #expect(table.route(push: payload, payloadBytes: 4096).failureCode == nil)
        #expect(table.route(push: payload, payloadBytes: 4097).failureCode == .payloadTooLarge)
        let larger = RoutingTable(config: table.config, limits: RouterLimits(maxPayloadBytes: 8192, maxURLBytes: 40))
        #expect(larger.route(push: payload, payloadBytes: 4097).failureCode == nil)
        #expect(larger.route(push: payload, payloadBytes: 8193).failureCode == .payloadTooLarge)
        #expect(larger.route(url: "materunner://records/12345678901234567890").failureCode == .notAllowed, "41 bytes")
        #expect(larger.route(url: "materunner://records/1234567890123456789").failureCode == nil, "40 bytes")
    }

    @Test(arguments: [
        JSONValue.object(["type": .string("unknown")]), .object(["aps": .object(["alert": .string("hi")])]),
        .object([:]), .string("invitation"), .array([]),
    ])
    func nothingMatchesIsNoRoute(_ payload: JSONValue) {
        #expect(table.route(push: payload, payloadBytes: 20).failureCode == .noRoute)
    }

    @Test func firstRouteInFileOrderWithDottedSelectors() throws {
        let shop = RoutingFixtures.shopmate
        let restock = JSONValue.object(["kind": .string("restock"), "product": .object(["available": .bool(true), "id": .number(7)])])
        let match = try shop.route(push: restock, payloadBytes: 60).get()
        #expect(match.route == "restockAlert")
        #expect(match.params == ["productId": "7"])
        #expect(match.target == .modal(kind: "restockAlert", priority: 1, identity: "7"))

        let unavailable = JSONValue.object(["kind": .string("restock"), "product": .object(["available": .bool(false)])])
        #expect(shop.route(push: unavailable, payloadBytes: 60).failureCode == .noRoute)

        let product = JSONValue.object(["aps": .object(["category": .string("PRODUCT")]), "kind": .string("coupon"),
                                        "product": .object(["id": .number(12)]), "coupon": .object(["id": .string("C1")])])
        #expect(try shop.route(push: product, payloadBytes: 60).get().route == "product")
    }

    @Test func declarationOrderDecidesBetweenSelectors() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "first", "push": {"type": "x", "channel": "news"}, "modal": "alert"},
            {"name": "second", "push": {"type": "x", "level": 2}, "modal": "promo"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        let payload = JSONValue.object(["type": .string("x"), "channel": .string("news"), "level": .number(2)])
        #expect(try table.route(push: payload, payloadBytes: 30).get().route == "first")
    }

    /// A route's params are read in one fixed order: a param missing before the identity param
    /// leaves the rest read by name, and the identity value is still the one read.
    @Test func identityParamAfterAMissingParam() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "deal", "push": {"type": "deal"}, "params": {"a": "a", "b": "b", "c": "c", "d": "d"},
             "modal": "promo", "identity": "c"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        let names = ["a", "b", "c", "d"]
        for missing in [[], ["a"], ["b"], ["c"], ["d"], ["a", "c"], ["b", "d"], names] {
            var members: [String: JSONValue] = ["type": .string("deal")]
            for name in names where !missing.contains(name) { members[name] = .string("v-" + name) }
            let match = try table.route(push: .object(members), payloadBytes: 60).get()
            let expected = Dictionary(uniqueKeysWithValues: names.filter { !missing.contains($0) }.map { ($0, "v-" + $0) })
            #expect(match.params == RouteParams(expected), "missing \(missing)")
            #expect(match.target == .modal(kind: "promo", priority: 1, identity: expected["c"]), "missing \(missing)")
        }
    }

    /// A push route that redirects: the target's identity value comes from the target's params, not
    /// from the value the push route read for its own identity param.
    @Test func pushRedirectTakesTheTargetsIdentity() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "item", "match": ["app://item/:id"], "modal": "alert", "identity": "id"},
            {"name": "short", "push": {"type": "short"}, "params": {"ref": "ref", "id": "itemId"},
             "redirect": "app://item/:id", "identity": "ref"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        let payload = JSONValue.object(["type": .string("short"), "ref": .string("r-1"), "itemId": .number(9)])
        let match = try table.route(push: payload, payloadBytes: 60).get()
        #expect(match.route == "item")
        #expect(match.params == ["id": "9", "ref": "r-1"])
        #expect(match.target == .modal(kind: "alert", priority: 0, identity: "9"))
    }
}

extension Result where Failure == WireError {
    var failureCode: ErrorCode? {
        if case .failure(let error) = self { return error.code }
        return nil
    }

    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}

extension RoutingTable {
    /// Routes `payload` as the decoder hands it over: written as JSON text and scanned.
    fileprivate func route(push payload: JSONValue, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        route(push: PushPayload(payload), payloadBytes: payloadBytes)
    }
}
