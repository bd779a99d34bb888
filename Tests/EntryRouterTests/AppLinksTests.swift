import Testing
@testable import EntryRouter

/// Android App Links: a host's Digital Asset Links file (Android 15's dynamic components
/// included), `open` on either platform, and the lint that compares the two platforms' rules.
@Suite("Android App Links")
struct AppLinksTests {
    static let package = "com.example.app"
    static let appId = "ABCDE12345.com.example.app"
    /// A well-formed SHA-256 fingerprint (Google's documented one).
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func statement(_ package: String = AppLinksTests.package, components: String? = nil,
                          relation: String = "delegate_permission/common.handle_all_urls") -> String {
        let extensions = components.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#($0)]}}"#
        } ?? ""
        return #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}\#(extensions)}"#
    }

    /// A config whose one host has `links` rules and a route for every https path, with
    /// `files` on disk relative to `conf/app.json`.
    static func load(host: String = #"{"host": "app.example", "assetlinks": "assetlinks.json", "paths": ["/*"]}"#,
                     routes: String = #"{"name": "any", "match": ["https://app.example/*rest"], "tab": "home"}"#,
                     files: [String: String], packageName: String? = AppLinksTests.package) throws(ConfigErrors) -> Config {
        var json = RoutingFixtures.config(routes: routes, universalLinks: "[\(host)]")
        var top = #""appId": "\#(appId)", "#
        if let packageName { top += #""packageName": "\#(packageName)", "# }
        json = "{" + top + json.dropFirst()
        return try Config.load(json: Array(json.utf8), file: "conf/app.json") { path in
            guard let text = files[path] else { throw SiteAssociationTests.Missing() }
            return Array(text.utf8)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var android: [String]
        var refused: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a grant without dynamic components: every path (the manifest decides)",
             file: "[\(statement())]", android: ["/a", "/b/c?x=1#f"], refused: []),
        Case(name: "dynamic components: the first that matches decides, exclude refuses",
             file: "[\(statement(components: #"{"/": "/cms/*", "exclude": true}, {"/": "/p/*", "comments": "products"}"#))]",
             android: ["/p/1"], refused: ["/cms/p/1", "/other"]),
        Case(name: "query and fragment components, read like AASA's",
             file: "[\(statement(components: ##"{"?": {"web": "1"}, "exclude": true}, {"/": "/s/*", "#": "go*"}"##))]",
             android: ["/s/1#go", "/s/1?web=0#gone"], refused: ["/s/1?web=1#go", "/s/1", "/s/1#stop"]),
        Case(name: "other apps' statements and other relations are not read",
             file: """
                [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.other"},
                  "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "junk"}}},
                 {"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://app.example"}},
                 \(statement(components: #"{"/": "/mine/*"}"#))]
                """,
             android: ["/mine/1"], refused: ["/theirs"]),
        Case(name: "two granting statements: their components in file order",
             file: "[\(statement(components: #"{"/": "/a/*"}"#)), \(statement(components: #"{"/": "/b/*"}"#))]",
             android: ["/a/1", "/b/1"], refused: ["/c"]),
    ]

    @Test(arguments: cases)
    func matching(_ test: Case) throws {
        let table = RoutingTable(config: try Self.load(files: ["conf/assetlinks.json": test.file]))
        for path in test.android {
            let result = table.route(url: "https://app.example" + path, on: .android)
            #expect(result.failureCode == nil, "\(path) should be allowed: \(result.failureMessage ?? "")")
            // The host's paths stay iOS's rules.
            #expect(table.route(url: "https://app.example" + path).failureCode == nil)
        }
        for path in test.refused {
            let result = table.route(url: "https://app.example" + path, on: .android)
            #expect(result.failureCode == .notAllowed, "\(path) should be refused")
            #expect(result.failureMessage?.contains("(Android App Links)") == true, "\(result.failureMessage ?? "")")
        }
    }

    /// A host with only `paths` gives both platforms the same rules.
    @Test func pathsServeBothPlatforms() throws {
        let table = RoutingTable(config: try Self.load(host: #"{"host": "app.example", "paths": ["NOT /x/*", "/*"]}"#, files: [:]))
        #expect(table.route(url: "https://app.example/a", on: .android).failureCode == nil)
        #expect(table.route(url: "https://app.example/x/1", on: .android).failureCode == .notAllowed)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var packageName: String? = AppLinksTests.package
        var errorFile = "conf/assetlinks.json"
        var field: String
        var text: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "not JSON", file: "[", field: "", text: "not valid JSON"),
        Refusal(name: "not a list", file: "{}", field: "", text: "must be a JSON list of statements"),
        Refusal(name: "a file that does not name the app", file: "[\(statement("com.other"))]",
                field: "", text: "no statement grants delegate_permission/common.handle_all_urls to the app com.example.app (android_app packages found: com.other)"),
        Refusal(name: "the app named for another relation only",
                file: "[\(statement(relation: "delegate_permission/common.get_login_creds"))]",
                field: "", text: "no statement grants"),
        Refusal(name: "components not a list",
                file: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": {}}}}]"#,
                field: #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#, text: "expected a list"),
        Refusal(name: "a component of the wrong shape", file: "[\(statement(components: #"{"/": 1}"#))]",
                field: #"[0].dynamic_app_link_components[0]["/"]"#, text: "expected a pattern string"),
        Refusal(name: "assetlinks without packageName", file: "[\(statement())]", packageName: nil,
                errorFile: "conf/app.json", field: "universalLinks[0].assetlinks", text: "set \"packageName\""),
    ]

    @Test(arguments: refusals)
    func refused(_ test: Refusal) {
        do {
            _ = try Self.load(files: ["conf/assetlinks.json": test.file], packageName: test.packageName)
            Issue.record("loaded")
        } catch {
            #expect(error.errors.count == 1, "\(error)")
            #expect(error.errors.first?.file == test.errorFile, "\(error)")
            #expect(error.errors.first?.field == test.field, "\(error)")
            #expect(error.errors.first?.description.contains(test.text) == true, "\(error)")
        }
    }

    @Test func unknownKeysOfTheAppsStatementAreWarnings() throws {
        let config = try Self.load(files: ["conf/assetlinks.json": "[\(Self.statement(components: #"{"/": "/a/*", "exlude": true}"#))]"])
        #expect(config.warnings.map(\.description).contains {
            $0.contains(#"[0].dynamic_app_link_components[0]["exlude"]: unknown key, ignored; known keys are #, /, ?, comments, exclude"#)
        }, "\(config.warnings)")
    }

    /// A pattern one platform's rules allow and the other's refuse is a warning naming the pattern
    /// and both platforms; one both refuse stays an error.
    @Test func platformsThatDisagreeAreWarned() throws {
        let routes = #"""
            {"name": "product", "match": ["https://app.example/p/:id"], "tab": "home"},
            {"name": "cms", "match": ["https://app.example/cms/:id"], "tab": "home"}
            """#
        let file = "[\(Self.statement(components: #"{"/": "/cms/*", "exclude": true}, {"/": "*"}"#))]"
        let config = try Self.load(routes: routes, files: ["conf/assetlinks.json": file])
        #expect(config.warnings.map(\.description) == [
            #"conf/app.json: warning: route "cms": match[0]: "https://app.example/cms/:id": iOS allows it but Android refuses it ("/cms/*" (assetlinks.json [0].dynamic_app_link_components[0]) excludes every path of the pattern): such a link opens the app on iOS and the browser on Android"#,
        ])
        let both = #"{"host": "app.example", "assetlinks": "assetlinks.json", "paths": ["NOT /cms/*", "/*"]}"#
        #expect(throws: ConfigErrors.self) { try Self.load(host: both, routes: routes, files: ["conf/assetlinks.json": file]) }
        // Without a packageName nothing is compared (and an assetlinks file cannot be read).
        let iosOnly = try Self.load(host: #"{"host": "app.example", "paths": ["/*"]}"#, routes: routes, files: [:], packageName: nil)
        #expect(iosOnly.warnings.isEmpty, "\(iosOnly.warnings)")
    }

    @Test func theExplanationNamesTheStatementAndComponent() throws {
        let file = "[\(Self.statement(components: #"{"/": "/cms/*", "exclude": true}, {"/": "*"}"#))]"
        let table = RoutingTable(config: try Self.load(files: ["conf/assetlinks.json": file]))
        guard case .universalLink(let decision) = table.explain(url: "https://app.example/cms/1", on: .android).hops.first?.admission else {
            Issue.record("no decision")
            return
        }
        #expect(decision.rules == "assetlinks.json")
        #expect(decision.rule == "[0].dynamic_app_link_components[0] (exclude)")
        #expect(!decision.allows)
        #expect(decision.platform == .android)
        let every = RoutingTable(config: try Self.load(files: ["conf/assetlinks.json": "[\(Self.statement())]"]))
        guard case .universalLink(let all) = every.explain(url: "https://app.example/cms/1", on: .android).hops.first?.admission else {
            Issue.record("no decision")
            return
        }
        #expect(all.rule == "[0] (no dynamic_app_link_components: every path)")
        #expect(all.allows)
    }

    @Test func openCarriesItsPlatform() throws {
        let android = try Request.decode(line: bytes(#"{"op": "open", "url": "https://app.example/a", "platform": "android"}"#)).get()
        #expect(android.op == .open(OpenRequest(url: "https://app.example/a", platform: .android)))
        let ios = try Request.decode(line: bytes(#"{"op": "open", "url": "https://app.example/a"}"#)).get()
        #expect(ios.op == .open(OpenRequest(url: "https://app.example/a")))
        guard case .failure(let error) = Request.decode(line: bytes(#"{"op": "open", "url": "x://a", "platform": "windows"}"#)) else {
            Issue.record("decoded")
            return
        }
        #expect(error.error.code == .badRequest)
        #expect(error.error.message.contains("platform"))
    }
}
