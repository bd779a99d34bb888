import Testing
@testable import EntryRouter

/// docs/CONFIG.md "A back stack for an entry from outside": what `check-config` refuses, and the stack an
/// entry of a show route gets, as the table resolves it and `entryd route` shows it.
@Suite("Back stack in the config")
struct BackStackConfigTests {
    /// A config whose `record` route has `backStack` as given, beside a list and a month screen of
    /// the same tab, a screen of another tab, a modal and a tab route.
    static func json(backStack: String, extra: String = "") -> String {
        """
        {"bundleId": "com.example.app", "schemes": ["app"], "universalLinks": [],
         "home": "home", "tabs": ["home", "records"], "modals": {"alert": 0},
         "routes": [
           {"name": "record", "match": ["app://records/<int:id>"], "show": "records",
            "backStack": \(backStack)},
           {"name": "list", "match": ["app://records/list"], "show": "records"},
           {"name": "month", "match": ["app://records/month/:month"], "show": "records"},
           {"name": "monthShort", "match": ["app://m/:month"], "redirect": "app://records/month/:month"},
           {"name": "profile", "match": ["app://profile"], "show": "home"},
           {"name": "alert", "match": ["app://alert"], "modal": "alert"},
           {"name": "recordsTab", "match": ["app://records"], "tab": "records"}\(extra)
         ]}
        """
    }

    @Test func theStackIsResolvedFromTheEntrysParams() throws {
        let monthRecord = #", {"name": "monthRecord", "match": ["app://month/:month/<int:id>"], "show": "records", "#
            + #""backStack": ["app://records/list", "app://m/:month"]}"#
        let table = RoutingTable(config: try RoutingFixtures.load(Self.json(backStack: "[]", extra: monthRecord)))
        let match = try table.route(url: "app://month/2026-11/7").get()
        #expect(table.backStack(route: match.route, params: match.params) == [
            BackStackScreen(route: "list", tab: "records", params: [:]),
            BackStackScreen(route: "month", tab: "records", params: ["month": "2026-11"]),
        ])
        #expect(table.explain(url: "app://month/2026-11/7").backStack.map(\.route) == ["list", "month"])
        #expect(table.backStack(route: "list", params: [:]).isEmpty)
    }

    @Test(arguments: [
        (#"["app://profile"]"#, "", "backStack[0]", "a screen of tab home; a back stack stays on the entry's tab (records)"),
        (#"["app://alert"]"#, "", "backStack[0]", "a modal (alert); a back stack is made of screens"),
        (#"["app://records"]"#, "", "backStack[0]", "a tab switch (records)"),
        (#"["app://records/:id"]"#, "", "backStack", "back stack loop record → record"),
        (#"["app://records/list"]"#, #", {"name": "a", "match": ["app://a"], "show": "records", "backStack": ["app://b"]}, {"name": "b", "match": ["app://b"], "show": "records", "backStack": ["app://a"]}"#,
         "backStack", "back stack loop a → b → a"),
        (#"["app://records/month/:month"]"#, "", "backStack[0]", "needs param month, which match[0] does not give"),
        (#"["app://nowhere"]"#, "", "backStack[0]", "which no route takes"),
        (#"["app://records/<int:id>"]"#, "", "backStack[0]", "is not a URL template"),
    ])
    func refusedStacks(_ backStack: String, _ extra: String, _ field: String, _ problem: String) {
        do {
            _ = try RoutingFixtures.load(Self.json(backStack: backStack, extra: extra), file: "app.json")
            Issue.record("loaded, expected: \(problem)")
        } catch {
            let found = error.errors.filter { $0.field == field && $0.description.contains(problem) }
            #expect(found.count == 1, "\(error)")
        }
    }

    @Test func onlyAShowRouteHasABackStack() {
        let extra = #", {"name": "alert2", "match": ["app://alert2"], "modal": "alert", "backStack": ["app://records/list"]}"#
        do {
            _ = try RoutingFixtures.load(Self.json(backStack: "[]", extra: extra), file: "app.json")
            Issue.record("loaded")
        } catch {
            #expect(error.errors.map(\.description) == [
                "app.json: route \"alert2\": backStack: only a show route has a back stack: its screens go under the screen it pushes",
            ])
        }
    }
}
