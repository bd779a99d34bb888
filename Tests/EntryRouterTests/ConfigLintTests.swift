import Testing
@testable import EntryRouter

/// The load-time lint: tables that can never work are refused (errors), tables that are merely
/// suspicious load with warnings. Each case names the route and field it expects and a piece of
/// the message.
@Suite("Config lint")
struct ConfigLintTests {
    /// One expected error or warning: its route, its field and text the message must contain.
    struct Finding: CustomTestStringConvertible, Sendable {
        var route: String?
        var field: String
        var text: String

        var testDescription: String { "\(route ?? "-") \(field): \(text)" }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var routes: String
        var universalLinks = "[]"
        var errors: [Finding] = []
        var warnings: [Finding] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "redirect to a URL no route matches",
             routes: """
                {"name": "short", "match": ["app://s/:id"], "redirect": "app://zzz/:id"},
                {"name": "items", "match": ["app://items/:id"], "tab": "home"}
                """,
             errors: [Finding(route: "short", field: "redirect", text: "\"app://zzz/:id\" fills to app://zzz/x (with sample values from match[0]), which no route takes: no route matches app://zzz/x")]),
        Case(name: "redirect from a push route to a URL no route matches",
             routes: """
                {"name": "pushed", "push": {"type": "p"}, "params": {"id": "id"}, "redirect": "app://zzz/:id"},
                {"name": "items", "match": ["app://items/:id"], "tab": "home"}
                """,
             errors: [Finding(route: "pushed", field: "redirect", text: "sample values from the push params")]),
        Case(name: "redirect from :id into an <int:id> target",
             routes: """
                {"name": "short", "match": ["app://s/:id"], "redirect": "app://items/:id"},
                {"name": "item", "match": ["app://items/<int:id>"], "tab": "home"}
                """,
             errors: [Finding(route: "short", field: "redirect", text: "reaches route item with :id (any text from match[0]) only as an integer: every other value ends no_route")]),
        Case(name: "redirect from a push param into a <uuid:id> target",
             routes: """
                {"name": "pushed", "push": {"type": "p"}, "params": {"id": "id"}, "redirect": "app://orders/:id"},
                {"name": "order", "match": ["app://orders/<uuid:id>"], "tab": "home"}
                """,
             errors: [Finding(route: "pushed", field: "redirect", text: ":id (any text from the push params) only as a UUID")]),
        Case(name: "redirect from <int:id> into <int:id> is fine",
             routes: """
                {"name": "short", "match": ["app://s/<int:id>"], "redirect": "app://items/:id"},
                {"name": "item", "match": ["app://items/<int:id>"], "tab": "home"}
                """),
        Case(name: "redirect from :id into :id beside an <int:id> is fine",
             routes: """
                {"name": "short", "match": ["app://s/:id"], "redirect": "app://items/:id"},
                {"name": "item", "match": ["app://items/<int:id>"], "tab": "home"},
                {"name": "slug", "match": ["app://items/:slug"], "tab": "home"}
                """),
        Case(name: "redirect from <int:id> into a <uuid:id> target reaches nothing",
             routes: """
                {"name": "short", "match": ["app://s/<int:id>"], "redirect": "app://orders/:id"},
                {"name": "order", "match": ["app://orders/<uuid:id>"], "tab": "home"}
                """,
             errors: [Finding(route: "short", field: "redirect", text: "fills to app://orders/1")]),
        Case(name: "redirect to a universal link the rules refuse",
             routes: """
                {"name": "short", "match": ["app://s/:id"], "redirect": "https://app.example/admin/:id"},
                {"name": "admin", "match": ["https://app.example/admin/:id"], "tab": "home"}
                """,
             universalLinks: #"[{"host": "app.example", "paths": ["NOT /admin/*", "/*"]}]"#,
             errors: [Finding(route: "admin", field: "match[0]", text: "never allow it"),
                      Finding(route: "short", field: "redirect", text: "is not in the universal-link paths of app.example")]),
        Case(name: "two routes with the same push selector",
             routes: """
                {"name": "first", "push": {"type": "offer"}, "modal": "promo"},
                {"name": "second", "push": {"type": "offer"}, "modal": "alert"}
                """,
             errors: [Finding(route: "second", field: "push", text: "the same push selector as route first, which comes first")]),
        Case(name: "a later selector that only narrows an earlier one",
             routes: """
                {"name": "any", "push": {"type": "offer"}, "modal": "promo"},
                {"name": "vip", "push": {"type": "offer", "tier": "vip"}, "modal": "alert"}
                """,
             errors: [Finding(route: "vip", field: "push", text: "only narrows that of route any, which comes first and takes every payload this one would: this route is never reached by a push; move this route before route any")]),
        Case(name: "a narrow selector before a wide one is fine",
             routes: """
                {"name": "vip", "push": {"type": "offer", "tier": "vip"}, "modal": "alert"},
                {"name": "any", "push": {"type": "offer"}, "modal": "promo"}
                """),
        Case(name: "selectors differing in a value's type are different",
             routes: """
                {"name": "one", "push": {"kind": 1}, "modal": "alert"},
                {"name": "yes", "push": {"kind": true}, "modal": "promo"},
                {"name": "text", "push": {"kind": "1"}, "modal": "promo"}
                """),
        Case(name: "actions on a show route",
             routes: #"{"name": "detail", "match": ["app://d/:id"], "show": "list", "actions": {"close": ["dismiss"]}}"#,
             errors: [Finding(route: "detail", field: "actions", text: "a show route pushes a screen and is never a modal")]),
        Case(name: "actions on a tab route",
             routes: #"{"name": "lists", "match": ["app://l"], "tab": "list", "actions": {"close": ["dismiss"]}}"#,
             errors: [Finding(route: "lists", field: "actions", text: "a tab route switches tabs")]),
        Case(name: "actions on a redirect route",
             routes: """
                {"name": "short", "match": ["app://s/:id"], "redirect": "app://items/:id", "actions": {"go": ["dismiss"]}},
                {"name": "items", "match": ["app://items/:id"], "modal": "promo"}
                """,
             errors: [Finding(route: "short", field: "actions", text: "whose actions apply")]),
        Case(name: "an https pattern no rule allows",
             routes: #"{"name": "orders", "match": ["https://app.example/orders/:id"], "tab": "home"}, {"name": "root", "match": ["https://app.example/invite/:id"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["/invite/*"]}]"#,
             errors: [Finding(route: "orders", field: "match[0]", text: "\"https://app.example/orders/:id\": the universal-link rules of app.example never allow it: no rule allows its paths")]),
        Case(name: "an https pattern a NOT rule before any allowing one excludes",
             routes: #"{"name": "admin", "match": ["https://app.example/records/admin/<int:id>"], "tab": "home"}, {"name": "records", "match": ["https://app.example/records/*rest"], "tab": "list"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["NOT /records/admin/*", "/records/*"]}]"#,
             errors: [Finding(route: "admin", field: "match[0]", text: "\"NOT /records/admin/*\" (universalLinks[0].paths[0]) excludes every path of the pattern")]),
        Case(name: "a NOT rule after the allowing one does not exclude, and never applies",
             routes: #"{"name": "admin", "match": ["https://app.example/records/admin/<int:id>"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["/records/*", "NOT /records/admin/*"]}]"#,
             warnings: [Finding(route: nil, field: "universalLinks[0].paths[1]", text: "\"NOT /records/admin/*\" never applies to app.example: \"/records/*\" (universalLinks[0].paths[0]) comes first and allows every path it matches")]),
        Case(name: "a NOT rule that excludes only some values is fine",
             routes: #"{"name": "record", "match": ["https://app.example/records/:id"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["NOT /records/admin*", "/records/?*"]}]"#),
        Case(name: "a rule allowing only the trailing-slash form still allows",
             routes: #"{"name": "records", "match": ["https://app.example/records"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["/records/"]}]"#),
        Case(name: "a path rule no route matches",
             routes: #"{"name": "invite", "match": ["https://app.example/invite/:id"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["/invite/*", "NOT /old/*", "/orders/*"]}]"#,
             warnings: [Finding(route: nil, field: "universalLinks[0].paths[2]", text: "\"/orders/*\" allows paths that no https pattern of app.example matches: such links end no_route")]),
        Case(name: "a host no pattern uses",
             routes: #"{"name": "a", "match": ["app://a"], "tab": "home"}"#,
             universalLinks: #"[{"host": "app.example", "paths": ["/*"]}]"#,
             warnings: [Finding(route: nil, field: "universalLinks[0].host", text: "no route has an https pattern for app.example")]),
    ]

    @Test(arguments: cases)
    func lint(_ test: Case) {
        let json = RoutingFixtures.config(routes: test.routes, universalLinks: test.universalLinks)
        do {
            let config = try RoutingFixtures.load(json, file: "app.json")
            #expect(test.errors.isEmpty, "loaded, expected \(test.errors)")
            expect(config.warnings.map { ($0.route, $0.field, $0.description) }, test.warnings, "app.json: warning: ")
        } catch {
            expect(error.errors.map { ($0.route, $0.field, $0.description) }, test.errors, "app.json: ")
        }
    }

    private func expect(_ found: [(String?, String, String)], _ expected: [Finding], _ prefix: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = found.map(\.2).joined(separator: "\n")
        #expect(found.count == expected.count, "\(shown)", sourceLocation: sourceLocation)
        for (finding, wanted) in zip(found, expected) {
            #expect(finding.0 == wanted.route, "\(shown)", sourceLocation: sourceLocation)
            #expect(finding.1 == wanted.field, "\(shown)", sourceLocation: sourceLocation)
            #expect(finding.2.hasPrefix(prefix), "\(shown)", sourceLocation: sourceLocation)
            #expect(finding.2.contains(wanted.text), "\(finding.2) should contain \(wanted.text)", sourceLocation: sourceLocation)
        }
    }

    /// A loop used to be looked for only once every other check passed; now it is listed with the rest.
    @Test func redirectLoopIsListedWithOtherErrors() {
        let json = RoutingFixtures.config(routes: """
            {"name": "short", "match": ["app://s/<int:id>"], "redirect": "app://items/:id"},
            {"name": "items", "match": ["app://items/<int:id>"], "redirect": "app://s/:id"},
            {"name": "odd", "match": ["app://odd"], "tab": "nowhere"}
            """)
        do {
            _ = try RoutingFixtures.load(json, file: "app.json")
            Issue.record("loaded")
        } catch {
            #expect(error.errors.map(\.field) == ["tab", "redirect"], "\(error)")
            #expect(error.description.contains("redirect loop short → items → short"), "\(error)")
        }
    }

    @Test func samplesLoadWithoutWarnings() throws {
        #expect(try RoutingFixtures.sample("materunner.json").warnings.map(\.description) == [])
        #expect(try RoutingFixtures.sample("shopmate.json").warnings.map(\.description) == [])
    }

    @Test func validateReturnsTheWarnings() throws {
        let config = Config(bundleId: "b", schemes: ["app"], universalLinks: [UniversalLinkHost(host: "app.example", paths: ["/*"])],
                            home: "home", gates: [], tabs: ["home"], pushLinkKey: nil, modals: [:],
                            routes: [Route(name: "a", match: ["app://a"], presentation: .tab("home"))])
        let warnings = try config.validate(file: "code")
        #expect(warnings.map(\.field) == ["universalLinks[0].host"])
        #expect(warnings.first?.description == "code: warning: universalLinks[0].host: no route has an https pattern for app.example: every link its rules allow ends no_route")
    }
}

@Suite("Path globs")
struct PathGlobTests {
    @Test(arguments: [
        ("/a/*", "/a/b", true), ("/a/*", "/b/*", false), ("/a/?", "/a/bc", false), ("/a/?*", "/a/*", true),
        ("*", "/x", true), ("/records", "/records/", false), ("*/x", "/a/x", true), ("/a*b", "/a?c", false),
        ("/a*b", "/a?c*b", true), ("/é", "/?", true), ("", "*", true), ("", "?", false),
    ])
    func overlaps(_ a: String, _ b: String, _ expected: Bool) {
        #expect(PathGlob(rule: a).overlaps(PathGlob(rule: b)) == expected)
        #expect(PathGlob(rule: b).overlaps(PathGlob(rule: a)) == expected)
    }

    @Test(arguments: [
        ("/admin/*", "/admin/?*", true), ("/admin/*", "/admin", false), ("*", "/x/?", true), ("/a", "/a", true),
        ("/a", "/a*", false), ("/a*/b", "/a/b", false), ("/admin*", "/admin/x/?*", true),
    ])
    func covers(_ rule: String, _ paths: String, _ expected: Bool) {
        #expect(PathGlob(rule: rule).covers(PathGlob(rule: paths)) == expected)
    }

    @Test func patternPaths() throws {
        let pattern = try URLPattern.parse("https://h/records/<int:id>/*rest")
        #expect(PathGlob(pattern: pattern, trailingSlash: false) == PathGlob(rule: "/records/?*/*"))
        #expect(PathGlob(pattern: pattern, trailingSlash: true) == PathGlob(rule: "/records/?*/*/"))
        #expect(PathGlob(pattern: try URLPattern.parse("https://h"), trailingSlash: true) == PathGlob(rule: "/"))
    }
}
