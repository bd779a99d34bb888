import Testing
@testable import EntryRouter

/// A host's `manifest`: the App Link intent filters of the app's AndroidManifest.xml, how they
/// combine with the assetlinks file's dynamic components, and what the lint says of them.
@Suite("Android manifest")
struct AndroidManifestTests {
    static let host = #"{"host": "app.example", "paths": ["/*"], "assetlinks": "assetlinks.json", "manifest": "app/src/main/AndroidManifest.xml"}"#

    static func manifest(_ filters: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- the app's manifest -->
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools">
            <application android:label="App">
                <activity android:name=".LinkActivity" android:exported="true">
        \(filters)
                </activity>
            </application>
        </manifest>
        """
    }

    static func filter(_ data: String, autoVerify: Bool = true, categories: [String] = ["BROWSABLE", "DEFAULT"]) -> String {
        let verify = autoVerify ? #" android:autoVerify="true""# : ""
        return #"<intent-filter\#(verify)><action android:name="android.intent.action.VIEW" />"#
            + categories.map { #"<category android:name="android.intent.category.\#($0)" />"# }.joined()
            + data + "</intent-filter>"
    }

    static func load(_ filters: String, components: String? = nil,
                     routes: String = #"{"name": "any", "match": ["https://app.example/*rest"], "tab": "home"}"#) throws(ConfigErrors) -> Config {
        try AppLinksTests.load(host: host, routes: routes, files: [
            "conf/assetlinks.json": "[\(AppLinksTests.statement(components: components))]",
            "conf/app/src/main/AndroidManifest.xml": manifest(filters),
        ])
    }

    static func opens(_ table: RoutingTable, _ url: String) -> Bool {
        table.route(url: url, on: .android).failureCode == nil
    }

    @Test func theDataElementsOfAFilterMerge() throws {
        // Schemes, hosts and paths from separate <data> elements combine as Android combines them.
        let table = RoutingTable(config: try Self.load(Self.filter("""
            <data android:scheme="http" /><data android:scheme="https" />
            <data android:host="app.example" /><data android:host="*.app.example" />
            <data android:pathPrefix="/p/" /><data android:path="/cart" />
            """)))
        #expect(Self.opens(table, "https://app.example/p/1"))
        #expect(Self.opens(table, "https://app.example/cart"))
        #expect(!Self.opens(table, "https://app.example/cart/1"))
        #expect(!Self.opens(table, "https://app.example/other"))
    }

    @Test func pathAttributesEachDecideAsWritten() throws {
        let table = RoutingTable(config: try Self.load(Self.filter(#"""
            <data android:scheme="https" android:host="app.example" android:pathPattern="/item/.*\\.html" />
            <data android:pathAdvancedPattern="/u/[0-9]+" /><data android:pathSuffix=".pdf" />
            """#)))
        #expect(Self.opens(table, "https://app.example/item/a.html"))
        #expect(!Self.opens(table, "https://app.example/item/a.b.html"))
        #expect(Self.opens(table, "https://app.example/u/12"))
        #expect(!Self.opens(table, "https://app.example/u/x"))
        #expect(Self.opens(table, "https://app.example/docs/a.pdf"))
    }

    @Test func aFilterWithoutPathsTakesEveryPathOfItsHosts() throws {
        let table = RoutingTable(config: try Self.load(Self.filter(#"<data android:scheme="https" android:host="app.example" />"#)))
        #expect(Self.opens(table, "https://app.example/anything"))
        guard case .universalLink(let decision) = table.explain(url: "https://app.example/a", on: .android).hops.first?.admission else {
            Issue.record("no decision")
            return
        }
        #expect(decision.rules == "app/src/main/AndroidManifest.xml")
        #expect(decision.rule == "intent-filter at line 6 (activity .LinkActivity)")
        #expect(decision.allows)
    }

    @Test func filtersOfOtherHostsOrWithoutAutoVerifyTakeNothing() throws {
        let config = try Self.load(Self.filter(#"<data android:scheme="https" android:host="other.example" />"#)
                                   + Self.filter(#"<data android:scheme="https" android:host="app.example" />"#, autoVerify: false)
                                   + Self.filter(#"<data android:scheme="https" android:host="app.example" />"#, categories: ["DEFAULT"]),
                                   routes: #"{"name": "any", "match": ["app://x"], "tab": "home"}"#)
        let table = RoutingTable(config: config)
        let refusal = table.route(url: "https://app.example/a", on: .android)
        #expect(refusal.failureCode == .notAllowed)
        #expect(refusal.failureMessage?.contains("no App Link intent filter of the manifest names the host app.example (Android App Links)") == true,
                "\(refusal.failureMessage ?? "")")
        #expect(config.warnings.map(\.description).contains {
            $0.contains(#"intent-filter at line 6 (activity .LinkActivity): autoVerify, but without <category android:name="android.intent.category.BROWSABLE"/>"#)
        }, "\(config.warnings)")
    }

    @Test func whatThePhoneNeverHasTakesNothing() throws {
        let removed = #"<intent-filter android:autoVerify="true" tools:node="remove"><action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.BROWSABLE" /><category android:name="android.intent.category.DEFAULT" /><data android:scheme="https" android:host="app.example" android:path="/removed" /></intent-filter>"#
        let disabled = #"</activity><activity android:name=".Off" android:enabled="false">"#
            + Self.filter(#"<data android:scheme="https" android:host="app.example" android:path="/disabled" />"#)
        let table = RoutingTable(config: try Self.load(removed + Self.filter(#"<data android:scheme="https" android:host="app.example" android:path="/kept" />"#) + disabled))
        #expect(Self.opens(table, "https://app.example/kept"))
        #expect(!Self.opens(table, "https://app.example/removed"))
        #expect(!Self.opens(table, "https://app.example/disabled"))
    }

    @Test func portsAndWildcardHostsAreReadAsAndroidReadsThem() throws {
        let table = RoutingTable(config: try AppLinksTests.load(
            host: #"{"host": "*.app.example", "assetlinks": "assetlinks.json", "manifest": "m.xml"}"#,
            routes: #"{"name": "any", "match": ["https://m.app.example/*rest"], "tab": "home"}"#,
            files: ["conf/assetlinks.json": "[\(AppLinksTests.statement())]",
                    "conf/m.xml": Self.manifest(Self.filter(#"<data android:scheme="https" android:host="*.app.example" android:path="/w" />"#)
                                                + Self.filter(#"<data android:scheme="https" android:host="m.app.example" android:port="8443" />"#))]))
        #expect(Self.opens(table, "https://m.app.example/w"))
        // Allowed there, and without a pattern of its own host.
        #expect(table.route(url: "https://a.b.app.example/w", on: .android).failureCode == .noRoute)
        // A filter with a port takes only URLs that name that port.
        #expect(!Self.opens(table, "https://m.app.example/a"))
    }

    /// Dynamic components decide within the manifest's filters, never beyond them.
    @Test func componentsDecideWithinTheManifest() throws {
        let config = try Self.load(Self.filter(#"<data android:scheme="https" android:host="app.example" android:pathPrefix="/shop" />"#),
                                   components: #"{"/": "/shop/old/*", "exclude": true}, {"/": "*"}"#)
        let table = RoutingTable(config: config)
        #expect(Self.opens(table, "https://app.example/shop/new"))
        #expect(!Self.opens(table, "https://app.example/shop/old/1"))
        #expect(!Self.opens(table, "https://app.example/blog/1"))
        guard case .universalLink(let decision) = table.explain(url: "https://app.example/blog/1", on: .android).hops.first?.admission else {
            Issue.record("no decision")
            return
        }
        #expect(decision.rules == "app/src/main/AndroidManifest.xml")
        #expect(decision.rule == nil)
        #expect(!decision.allows)
    }

    @Test func theLintWarnsWhereAndroidOpensTheBrowser() throws {
        let routes = #"""
            {"name": "shop", "match": ["https://app.example/shop/:id"], "tab": "home"},
            {"name": "blog", "match": ["https://app.example/blog/:id"], "tab": "home"}
            """#
        let filters = Self.filter(#"<data android:scheme="https" android:host="app.example" android:pathPrefix="/shop" />"#)
        let manifestOnly = try Self.load(filters, routes: routes)
        #expect(manifestOnly.warnings.map(\.description).contains {
            $0.contains(#"route "blog": match[0]: "https://app.example/blog/:id": iOS allows it but Android refuses it (no rule allows its paths)"#)
        }, "\(manifestOnly.warnings)")
        let withComponents = try Self.load(filters, components: #"{"/": "/blog/*"}, {"/": "/shop/*"}"#, routes: routes)
        let warnings = withComponents.warnings.map(\.description)
        #expect(warnings.contains {
            $0.contains(#"route "blog": match[0]: "https://app.example/blog/:id": iOS allows it but Android refuses it (no App Link intent filter of app/src/main/AndroidManifest.xml takes its paths)"#)
        }, "\(warnings)")
        #expect(warnings.contains {
            $0.contains(#""/blog/*" allows paths that no App Link intent filter of app/src/main/AndroidManifest.xml takes for app.example: Android opens them in the browser"#)
        }, "\(warnings)")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var manifest: String
        var text: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "a placeholder", manifest: manifest(filter(#"<data android:scheme="https" android:host="${hostName}" />"#)),
                text: #"conf/app/src/main/AndroidManifest.xml: line 6, <data android:host>: "${hostName}" holds the manifest placeholder ${hostName}"#),
        Refusal(name: "a resource reference", manifest: manifest(filter(#"<data android:scheme="https" android:host="@string/host" />"#)),
                text: #""@string/host" is a resource reference"#),
        Refusal(name: "a malformed advanced pattern",
                manifest: manifest(filter(#"<data android:scheme="https" android:host="app.example" android:pathAdvancedPattern="/[a-z" />"#)),
                text: "line 6, <data android:pathAdvancedPattern>: \"/[a-z\": a `[` at"),
        Refusal(name: "not well-formed", manifest: "<manifest>\n  <application>\n</manifest>",
                text: "conf/app/src/main/AndroidManifest.xml:3:12: not well-formed XML: </manifest> closes <application> (line 2)"),
        Refusal(name: "a DOCTYPE", manifest: "<!DOCTYPE manifest [<!ENTITY a \"b\">]><manifest/>", text: "a <!DOCTYPE>"),
        Refusal(name: "not a manifest", manifest: "<resources/>", text: "the top element is <resources>, not <manifest>"),
        Refusal(name: "an unknown reference", manifest: #"<manifest a="&nbsp;"/>"#, text: "&nbsp; is not a reference XML defines"),
    ]

    @Test(arguments: refusals)
    func refused(_ test: Refusal) {
        do {
            _ = try AppLinksTests.load(host: Self.host, files: ["conf/assetlinks.json": "[\(AppLinksTests.statement())]",
                                                                "conf/app/src/main/AndroidManifest.xml": test.manifest])
            Issue.record("loaded")
        } catch {
            #expect(error.description.contains(test.text), "\(error)")
        }
    }

    @Test func aManifestNeedsTheHostsAssetlinks() {
        #expect {
            try AppLinksTests.load(host: #"{"host": "app.example", "paths": ["/*"], "manifest": "m.xml"}"#, files: ["conf/m.xml": Self.manifest("")])
        } throws: { error in
            "\(error)".contains(#"universalLinks[0].manifest: a manifest decides which paths open the app once the host's assetlinks.json verifies it"#)
        }
    }

    @Test func referencesAndEscapesAreUndone() throws {
        let table = RoutingTable(config: try Self.load(Self.filter(#"""
            <data android:scheme="https" android:host="app.example" android:path="/a&amp;b" /><data android:path="/&#x63;" />
            """#)))
        #expect(Self.opens(table, "https://app.example/a&b"))
        #expect(Self.opens(table, "https://app.example/c"))
    }
}
