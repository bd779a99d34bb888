import Testing
@testable import EntryRouter

/// Android 15's dynamic App Link components as Android reads them, and the fingerprints a
/// statement needs to grant anything.
@Suite("Dynamic App Link components")
struct DynamicAppLinkTests {
    static func table(_ components: String) throws -> RoutingTable {
        RoutingTable(config: try AppLinksTests.load(files: ["conf/assetlinks.json": "[\(AppLinksTests.statement(components: components))]"]))
    }

    static func opens(_ table: RoutingTable, _ path: String) -> Bool {
        table.route(url: "https://app.example" + path, on: .android).failureCode == nil
    }

    /// Google's documented example (developer.android.com, "Configure website associations and
    /// dynamic rules"), each URL decided as the page says.
    @Test func googlesExampleDecidesAsDocumented() throws {
        let table = try Self.table(##"""
            {"?": {"dl": "*"}}, {"#": "app"}, {"/": "/products/*"}, {"/": "/shoes", "?": {"in_app": "true"}}, {"/": "*", "exclude": true}
            """##)
        let opens = ["/?dl=abc", "/any/page?dl=", "/a#app", "/products/1", "/products/", "/shoes?in_app=true",
                     "/shoes?lang=en&in_app=true&tz=pst&dl=abc", "/x?in_app=true&dl=abc"]
        let browser = ["/", "/any/page", "/shoes", "/shoes?in_app=false", "/shoes?lang=en&tz=pst", "/a#no_app", "/product/1",
                       "/x?dl2=1", "/x?d=1"]
        for path in opens { #expect(Self.opens(table, path), "\(path) should open the app") }
        for path in browser { #expect(!Self.opens(table, path), "\(path) should stay in the browser") }
    }

    /// The page's query rule: every listed key must be found, in any order, among any others.
    @Test func everyQueryKeyMustBePresentAndMatch() throws {
        let table = try Self.table(#"{"?": {"dl": "*", "in_app": "true"}}"#)
        #expect(Self.opens(table, "/?in_app=true&dl=abc"))
        #expect(Self.opens(table, "/?lang=en&in_app=true&tz=pst&dl=abc"))
        #expect(!Self.opens(table, "/?lang=en&tz=pst&dl=abc"))
        #expect(!Self.opens(table, "/"))
        // Some occurrence of a repeated key is enough.
        #expect(Self.opens(table, "/?in_app=false&in_app=true&dl=1"))
    }

    @Test func everyKeyOfAComponentMustMatch() throws {
        let table = try Self.table(##"{"/": "/s/*", "#": "go", "?": {"q": "?*"}}"##)
        #expect(Self.opens(table, "/s/1?q=x#go"))
        #expect(!Self.opens(table, "/s/1?q=x"))
        #expect(!Self.opens(table, "/s/1#go"))
        #expect(!Self.opens(table, "/t/1?q=x#go"))
    }

    @Test func anEmptyListLeavesEveryPathToTheManifest() throws {
        let table = try Self.table("")
        #expect(Self.opens(table, "/anything?x=1"))
        guard case .universalLink(let decision) = table.explain(url: "https://app.example/a", on: .android).hops.first?.admission else {
            Issue.record("no decision")
            return
        }
        #expect(decision.rule == "[0] (no dynamic_app_link_components: every path)")
    }

    @Test func aWholeQueryPatternIsRefusedNamingTheComponent() {
        #expect {
            try Self.table(#"{"/": "/a", "?": "x=1"}"#)
        } throws: { error in
            "\(error)".contains(#"conf/assetlinks.json: [0].dynamic_app_link_components[0]["?"]: "x=1": Android reads "?" only as an object"#)
        }
    }

    static let good = AppLinksTests.fingerprint

    @Test(arguments: [
        (#"[]"#, "[0]: the statement for com.example.app names no SHA-256 fingerprint"),
        (#"["AA:BB"]"#, "[0]: the statement for com.example.app names no well-formed SHA-256 fingerprint"),
        (#"["\#(String(good.dropLast(3)))"]"#, "names no well-formed SHA-256 fingerprint"),
        (#"["\#(good.replacingOccurrences(of: "E5", with: "G5"))"]"#, "names no well-formed SHA-256 fingerprint"),
    ])
    func aStatementWithoutAWellFormedFingerprintGrantsNothing(fingerprints: String, warning: String) {
        let file = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": \#(fingerprints)}}]"#
        #expect {
            try AppLinksTests.load(files: ["conf/assetlinks.json": file])
        } throws: { error in
            "\(error)".contains("no statement grants delegate_permission/common.handle_all_urls to the app com.example.app ([0] name it without a well-formed SHA-256 fingerprint)")
        }
        // Beside a statement that grants, it is a warning naming it.
        let both = String(file.dropLast()) + ", " + AppLinksTests.statement() + "]"
        let config = try? AppLinksTests.load(files: ["conf/assetlinks.json": both])
        #expect(config?.warnings.contains { $0.description.contains(warning) } == true, "\(config?.warnings ?? [])")
    }

    @Test func aMalformedFingerprintBesideAGoodOneIsAWarning() throws {
        let file = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["AA", "\#(Self.good.lowercased())"]}}]"#
        let config = try AppLinksTests.load(files: ["conf/assetlinks.json": file])
        #expect(config.warnings.map(\.description).contains {
            $0.contains(#"conf/assetlinks.json: warning: [0].target.sha256_cert_fingerprints[0]: "AA" is not a SHA-256 fingerprint"#)
        }, "\(config.warnings)")
        #expect(Self.opens(RoutingTable(config: config), "/a"))
    }

    @Test func severalStatementsWithComponentsAreWarned() throws {
        let file = "[\(AppLinksTests.statement(components: #"{"/": "/a/*"}"#)), \(AppLinksTests.statement(components: #"{"/": "/b/*"}"#))]"
        let config = try AppLinksTests.load(files: ["conf/assetlinks.json": file])
        #expect(config.warnings.map(\.description).contains { $0.contains("[0], [1]: several statements for com.example.app carry dynamic_app_link_components") })
    }
}
