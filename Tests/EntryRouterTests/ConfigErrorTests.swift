import Testing
@testable import EntryRouter

/// One test per config error: the config is rejected, and the message names the file, the route,
/// the field and the value the user must fix.
@Suite("Config errors")
struct ConfigErrorTests {
    /// The errors of loading `json`, or a recorded issue when it loads.
    private func errors(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigErrors {
        do {
            _ = try RoutingFixtures.load(json, file: "app.json")
            Issue.record("the config loaded, expected an error", sourceLocation: sourceLocation)
            return ConfigErrors([])
        } catch {
            return error
        }
    }

    private func routes(_ routes: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigErrors {
        errors(RoutingFixtures.config(routes: routes), sourceLocation: sourceLocation)
    }

    /// Exactly one error, whose description contains every string of `names`.
    private func expectOne(_ found: ConfigErrors, route: String?, naming names: [String],
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.errors.count == 1, "\(found)", sourceLocation: sourceLocation)
        guard let error = found.errors.first else { return }
        #expect(error.file == "app.json", sourceLocation: sourceLocation)
        #expect(error.route == route, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("app.json: "), sourceLocation: sourceLocation)
        for name in names {
            #expect(error.description.contains(name), "\(error) should name \(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func samplesLoad() throws {
        let materunner = try RoutingFixtures.sample("materunner.json")
        #expect(materunner.bundleId == "com.example.materunner")
        #expect(materunner.modals == ["permissionGuide": 0, "tutorial": 1, "invitation": 2, "updateNotice": 3, "serviceNotice": 4])
        #expect(materunner.tabs == ["home", "records", "mypage"])
        #expect(materunner.gates == ["signedIn"])
        #expect(materunner.home == "home")
        #expect(materunner.pushLinkKey == "link")
        #expect(materunner.route(named: "invitation")?.presentation == .modal(kind: "invitation"))
        #expect(materunner.route(named: "recordDetail")?.presentation == .show(tab: "records"))
        #expect(materunner.route(named: "records")?.presentation == .tab("records"))
        let shopmate = try RoutingFixtures.sample("shopmate.json")
        #expect(shopmate.schemes == ["shopmate", "shopmate-beta"])
        #expect(shopmate.routes.count == 10)
    }

    @Test func unknownModalKind() {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer"], "modal": "promotion"}"#),
                  route: "offer", naming: ["modal", "promotion", "alert, promo"])
    }

    @Test(arguments: ["show", "tab"])
    func unknownTab(_ key: String) {
        expectOne(routes(#"{"name": "feed", "match": ["app://feed"], "\#(key)": "feed"}"#),
                  route: "feed", naming: [key, "unknown tab \"feed\"", "home, list"])
    }

    @Test func unknownGate() {
        expectOne(routes(#"{"name": "feed", "match": ["app://feed"], "tab": "list", "requires": ["signedIn", "paid"]}"#),
                  route: "feed", naming: ["requires[1]", "unknown gate \"paid\"", "signedIn"])
    }

    @Test func unknownTabInAction() {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer"], "modal": "promo", "actions": {"go": ["dismiss", "selectTab:shop"]}}"#),
                  route: "offer", naming: ["actions.go[1]", "selectTab:shop", "home, list"])
    }

    /// An action's steps after its `dismiss` go out once the modal is gone (docs/CONFIG.md): a step before
    /// it, or a second `dismiss`, is refused with the action written as it must be.
    @Test(arguments: [
        (#"["start:run"]"#, "actions.go[0]", #"write ["dismiss", "start:run"]"#),
        (#"["selectTab:home", "dismiss", "start:run"]"#, "actions.go[0]", #"write ["dismiss", "selectTab:home", "start:run"]"#),
        (#"["dismiss", "start:run", "dismiss"]"#, "actions.go[2]", "dismiss appears again"),
    ])
    func anActionsDismissComesFirstAndOnce(steps: String, field: String, text: String) {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer"], "modal": "promo", "actions": {"go": "# + steps + "}}"),
                  route: "offer", naming: [field, text])
    }

    @Test func unknownActionStep() {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer"], "modal": "promo", "actions": {"go": ["close", "dismiss"]}}"#),
                  route: "offer", naming: ["actions.go[0]", "\"close\"", "dismiss, selectTab:TAB and start:FLOW"])
    }

    @Test(arguments: [
        ("app://a/<float:x>", 10, "unknown segment type `float`"),
        ("app://a//b", 9, "empty segment"),
        ("app://*rest/b", 13, "must be the last segment"),
        ("app://search?q=:q", 13, "a query is not part of a pattern"),
        ("app:/a", 4, "expected `://`"),
        ("app://a/:", 10, "missing param name"),
        ("app://a/<int:x", 14, "ends with `>`"),
        ("app://a/:x/:x", 12, "param `x` appears twice"),
        ("app://a/:1x", 10, "a param name is a letter"),
        ("app://a/%zz", 9, "malformed percent escape"),
        ("9app://a", 1, "starts with a scheme"),
    ])
    func badPatternSyntax(_ pattern: String, _ column: Int, _ problem: String) {
        expectOne(routes(#"{"name": "bad", "match": ["app://ok", "\#(pattern)"], "tab": "home"}"#),
                  route: "bad", naming: ["match[1]", "\"\(pattern)\"", "at character \(column)", problem])
    }

    @Test func ambiguousPatterns() {
        let found = routes("""
            {"name": "first", "match": ["app://items/:id"], "tab": "home"},
            {"name": "second", "match": ["APP://Items/:itemId"], "tab": "list"}
            """)
        expectOne(found, route: "second", naming: ["match[0]", "\"app://items/:id\" (route first)",
                                                   "\"APP://Items/:itemId\" (route second)", "same specificity"])
    }

    @Test func differentSpecificityIsNotAmbiguous() throws {
        _ = try RoutingFixtures.load(RoutingFixtures.config(routes: """
            {"name": "a", "match": ["app://items/:id", "app://items/<int:id>", "app://items/<uuid:id>", "app://items/*rest", "app://items/new"], "tab": "home"}
            """))
    }

    @Test(arguments: ["http", "https", "tel", "mailto", "sms", "file", "HTTPS"])
    func reservedScheme(_ scheme: String) {
        expectOne(errors(RoutingFixtures.config(routes: #"{"name": "a", "match": ["app://a"], "tab": "home"}"#,
                                                schemes: #"["app", "\#(scheme)"]"#)),
                  route: nil, naming: ["schemes[1]", "\"\(scheme)\" is reserved"])
    }

    @Test func redirectLoopVisibleAtLoadTime() {
        let found = routes("""
            {"name": "short", "match": ["app://s/<int:id>"], "redirect": "app://items/:id"},
            {"name": "items", "match": ["app://items/<int:id>"], "redirect": "app://s/:id"}
            """)
        expectOne(found, route: "short", naming: ["redirect", "redirect loop short → items → short"])
    }

    @Test func redirectChainTooLong() {
        let hops = (0..<6).map { #"{"name": "r\#($0)", "match": ["app://r\#($0)/:id"], "redirect": "app://r\#($0 + 1)/:id"}"# }
        let found = routes((hops + [#"{"name": "end", "match": ["app://r6/:id"], "tab": "home"}"#]).joined(separator: ","))
        #expect(found.errors.first?.route == "r0")
        #expect(found.errors.first?.description.contains("past 5 hops (r0 → r1 → r2 → r3 → r4 → r5 → ...)") == true, "\(found)")
    }

    @Test func duplicateRouteNames() {
        let found = routes("""
            {"name": "item", "match": ["app://a"], "tab": "home"},
            {"name": "item", "match": ["app://b"], "tab": "home"}
            """)
        expectOne(found, route: "item", naming: ["name", "used twice (routes[0] and routes[1])"])
    }

    @Test(arguments: [("", "none"), (#", "tab": "home", "show": "list""#, "show and tab")])
    func notExactlyOnePresentation(_ extra: String, _ found: String) {
        expectOne(routes(#"{"name": "odd", "match": ["app://odd"]\#(extra)}"#),
                  route: "odd", naming: ["exactly one of modal, show, tab or redirect", "this one has \(found)"])
    }

    @Test func identityTheRouteCannotProduce() {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer/:id", "app://o/:code"], "modal": "promo", "identity": "id"}"#),
                  route: "offer", naming: ["identity", "\"id\"", "path param of every pattern"])
    }

    @Test func identityFromParamsIsFine() throws {
        _ = try RoutingFixtures.load(RoutingFixtures.config(routes: """
            {"name": "offer", "match": ["app://offer/:id", "app://o/:code"], "push": {"type": "offer"}, "params": {"id": "offer.id"}, "modal": "promo", "identity": "id"}
            """))
    }

    @Test func paramsWithoutPushSelector() {
        expectOne(routes(#"{"name": "offer", "match": ["app://offer"], "params": {"id": "offer.id"}, "modal": "promo"}"#),
                  route: "offer", naming: ["params", "no \"push\" selector"])
    }

    @Test func redirectTemplateParamTheRouteCannotProduce() {
        expectOne(routes("""
            {"name": "short", "match": ["app://s/:id"], "redirect": "app://items/:itemId"},
            {"name": "items", "match": ["app://items/:id"], "tab": "home"}
            """), route: "short", naming: ["redirect", ":itemId"])
    }

    @Test func badRedirectTemplate() {
        expectOne(routes("""
            {"name": "short", "match": ["app://s/:id"], "redirect": "app://items/<int:id>"},
            {"name": "items", "match": ["app://items/:id"], "tab": "home"}
            """), route: "short", naming: ["redirect", "\"app://items/<int:id>\"", "at character 13", "not a typed segment"])
    }

    @Test(arguments: [
        ("other://a", "scheme other is not declared"),
        ("https://elsewhere.example/a", "host elsewhere.example is not in universalLinks"),
        ("http://app.example/a", "plain http is not allowed"),
    ])
    func patternSchemeNotAllowed(_ pattern: String, _ problem: String) {
        expectOne(routes(#"{"name": "a", "match": ["\#(pattern)"], "tab": "home"}"#),
                  route: "a", naming: ["match[0]", pattern, problem])
    }

    @Test func unknownKeys() {
        let json = RoutingFixtures.config(routes: #"{"name": "a", "match": ["app://a"], "tab": "home", "require": ["signedIn"]}"#)
            .replacingOccurrences("\"home\": \"home\"", "\"home\": \"home\", \"tab\": \"x\"")
        let found = errors(json)
        #expect(found.errors.map(\.field) == ["tab", "require"], "\(found)")
        #expect(found.errors.last?.route == "a")
    }

    @Test func unreachableRoute() {
        expectOne(routes(#"{"name": "ghost", "tab": "home"}"#), route: "ghost", naming: ["neither \"match\" patterns nor a \"push\" selector"])
    }

    @Test func wrongTypesAndMissingFields() {
        let found = errors(#"{"schemes": "app", "home": "home", "modals": {"a": "high"}, "routes": [{"match": ["app://a"], "tab": "home", "ttl": -1}]}"#)
        let fields = found.errors.map(\.field)
        #expect(fields.contains("bundleId"), "\(found)")
        #expect(fields.contains("schemes"), "\(found)")
        #expect(fields.contains("modals.a"), "\(found)")
        #expect(fields.contains("routes[0].name"), "\(found)")
        #expect(fields.contains("routes[0].ttl"), "\(found)")
    }

    @Test func invalidJSON() {
        let found = errors(#"{"bundleId": "#)
        #expect(found.errors.count == 1)
        #expect(found.description.hasPrefix("app.json:1:14: not valid JSON"))
    }

    /// A syntax error names its line and column (in characters: the accented name before the
    /// mistake counts one column per letter), the form editors jump to.
    @Test func syntaxErrorsGiveLineAndColumn() {
        let found = errors("{\n  \"bundleId\": \"x\",\n  \"café\" \"feed\"\n}\n")
        #expect(found.description == "app.json:3:10: not valid JSON: expected ':' after an object key")
        #expect(found.errors.first?.line == 3)
    }

    @Test func aByteOrderMarkIsNamed() {
        let found = errors("\u{FEFF}{}")
        #expect(found.description == "app.json:1:1: not valid JSON: the file starts with a UTF-8 byte-order mark; save it without one")
    }

    @Test func unknownKeysSuggestTheKnownOne() {
        let json = RoutingFixtures.config(routes: #"{"name": "a", "match": ["app://a"], "tab": "home", "require": ["signedIn"], "zzz": 1}"#)
            .replacingOccurrences("\"home\": \"home\"", "\"home\": \"home\", \"tabz\": []")
        let lines = errors(json).description.split(separator: "\n")
        #expect(lines.contains(#"app.json: tabz: unknown key; did you mean "tabs"?"#), "\(lines)")
        #expect(lines.contains(#"app.json: route "a": require: unknown key; did you mean "requires"?"#), "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"app.json: route "a": zzz: unknown key; known keys are actions, backStack, identity"#) }, "\(lines)")
    }

    @Test func universalLinkHostProblems() {
        let found = errors(RoutingFixtures.config(routes: #"{"name": "a", "match": ["app://a"], "tab": "home"}"#,
            universalLinks: #"[{"host": "app.example", "paths": ["invite/*"]}, {"host": "App.Example", "paths": ["/*"]}]"#))
        #expect(found.errors.map(\.field) == ["universalLinks[0].paths[0]", "universalLinks[1].host"], "\(found)")
        #expect(found.description.contains("\"invite/*\" must start with / or *"))
        #expect(found.description.contains("listed twice"))
    }

    @Test func everyErrorIsReportedOnePerLine() {
        let found = routes("""
            {"name": "a", "match": ["app://a/<x>"], "modal": "nope"},
            {"name": "b", "match": ["app://b"], "show": "nowhere", "requires": ["vip"]}
            """)
        #expect(found.errors.count == 4, "\(found)")
        let lines = found.description.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.hasPrefix("app.json: route ") })
    }
}

private extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
