import Testing
@testable import EntryRouter

/// Universal links from real apple-app-site-association files, case by case from Apple's
/// documented semantics, and the files refused for their shape.
@Suite("apple-app-site-association")
struct SiteAssociationTests {
    static let appId = "ABCDE12345.com.example.app"

    /// A config whose hosts are `links`, with a route taking every https URL of each host, loaded
    /// with `files` as the files on disk (relative to `conf/app.json`).
    static func load(links: String, hosts: [String] = ["app.example"], files: [String: String],
                     appId: String? = SiteAssociationTests.appId) throws(ConfigErrors) -> Config {
        let routes = hosts.enumerated().map { index, host in
            #"{"name": "r\#(index)", "match": ["https://\#(host)/*rest"], "tab": "home"}"#
        }
        var json = RoutingFixtures.config(routes: routes.joined(separator: ","), universalLinks: links)
        if let appId { json = json.replacingFirst("{", with: #"{"appId": "\#(appId)", "#) }
        return try Config.load(json: Array(json.utf8), file: "conf/app.json") { path in
            guard let text = files[path] else { throw Missing() }
            return Array(text.utf8)
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "no such file" }
    }

    /// A file whose one entry for this app has `components`.
    static func file(components: String, defaults: String = "", applinksDefaults: String = "") -> String {
        let entryDefaults = defaults.isEmpty ? "" : #", "defaults": \#(defaults)"#
        let outer = applinksDefaults.isEmpty ? "" : #""defaults": \#(applinksDefaults), "#
        return #"{"applinks": {\#(outer)"details": [{"appIDs": ["\#(appId)"], "components": [\#(components)]\#(entryDefaults)}]}}"#
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var allowed: [String]
        var refused: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "path pattern: * is any run of characters, / included",
             file: file(components: #"{"/": "/buy/*"}"#),
             allowed: ["/buy/1", "/buy/a/b", "/buy/"], refused: ["/sell/1", "/buy"]),
        Case(name: "? is exactly one character, a whole non-ASCII one too",
             file: file(components: #"{"/": "/p/?"}"#),
             allowed: ["/p/1", "/p/%C3%A9"], refused: ["/p/12", "/p/"]),
        Case(name: "?* is at least one character",
             file: file(components: #"{"/": "/p/?*"}"#),
             allowed: ["/p/1", "/p/123"], refused: ["/p/"]),
        Case(name: "a part left out matches anything; an excluding fragment rule",
             file: file(components: ##"{"#": "no_universal_links", "exclude": true}, {"/": "*"}"##),
             allowed: ["/a", "/a#other", "/a?x=1"], refused: ["/a#no_universal_links"]),
        Case(name: "the fragment pattern needs a fragment that matches",
             file: file(components: ##"{"/": "/news/*", "#": "item-?*"}"##),
             allowed: ["/news/1#item-3"], refused: ["/news/1", "/news/1#item-", "/news/1#other"]),
        Case(name: "query items: each named item must match; absent counts as empty",
             file: file(components: #"{"/": "/help/*", "?": {"articleNumber": "????", "articleName": "?*"}}"#),
             allowed: ["/help/x?articleNumber=1234&articleName=a", "/help/x?articleName=b&articleNumber=abcd&other=1"],
             refused: ["/help/x?articleNumber=123&articleName=a", "/help/x?articleNumber=1234",
                       "/help/x?articleNumber=1234&articleName=", "/help/x?articleNumber=1234&articleName"]),
        Case(name: "of a repeated query item the first is tested, the one routing makes the param",
             file: file(components: #"{"?": {"id": "??"}}"#),
             allowed: ["/a?id=12", "/a?id=12&id=345"], refused: ["/a?id=345&id=12"]),
        Case(name: "$(digit) and $(xdigit) take one character of their class",
             file: file(components: #"{"/": "/o/$(digit)$(digit)/*"}, {"/": "/h/$(xdigit)*"}"#),
             allowed: ["/o/12/x", "/h/fA", "/h/0"], refused: ["/o/1a/x", "/o/123/x", "/h/g", "/h/"]),
        Case(name: "$(alpha), $(upper), $(lower), $(alnum)",
             file: file(components: #"{"/": "/a/$(alpha)"}, {"/": "/u/$(upper)"}, {"/": "/l/$(lower)"}, {"/": "/n/$(alnum)"}"#),
             allowed: ["/a/x", "/a/X", "/u/X", "/l/x", "/n/x", "/n/7"],
             refused: ["/a/1", "/u/x", "/l/X", "/n/-", "/a/%C3%A9"]),
        Case(name: "$(upper) ignoring case takes any letter",
             file: file(components: #"{"/": "/u/$(upper)", "caseSensitive": false}"#),
             allowed: ["/u/x", "/u/X", "/U/x"], refused: ["/u/1"]),
        Case(name: "a variable in a query item and a fragment, beside escapes",
             file: file(components: ##"{"/": "/caf%C3%A9/$(digit)", "?": {"v": "$(digit)"}, "#": "s$(digit)"}"##),
             allowed: ["/caf%C3%A9/1?v=2#s3"], refused: ["/caf%C3%A9/1?v=x#s3", "/caf%C3%A9/1?v=2#sx"]),
        Case(name: "what another app's entry holds is not read",
             file: #"""
                {"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [
                  {"appIDs": ["ZZZZZ99999.com.example.other"], "components": [{"/": "/$(food)/$(lang)", "exlude": 3, "?": ["x"]}]},
                  {"appIDs": ["\#(appId)"], "components": [{"/": "/mine/*"}]}]}}
                """#,
             allowed: ["/mine/1"], refused: ["/pizza/en"]),
        Case(name: "an item whose pattern matches the empty value may be absent",
             file: file(components: #"{"?": {"ref": "*"}}"#),
             allowed: ["/a", "/a?ref=mail"], refused: []),
        Case(name: "query items are compared decoded",
             file: file(components: #"{"?": {"q": "a b"}}"#),
             allowed: ["/s?q=a%20b"], refused: ["/s?q=a+b"]),
        Case(name: "a query string pattern takes the whole query",
             file: file(components: #"{"/": "/s", "?": "ref=*"}"#),
             allowed: ["/s?ref=mail", "/s?ref=mail&x=1"], refused: ["/s?x=1&ref=mail", "/s"]),
        Case(name: "the first component that matches decides",
             file: file(components: #"{"/": "/buy/old/*", "exclude": true}, {"/": "/buy/*"}"#),
             allowed: ["/buy/new"], refused: ["/buy/old/1", "/elsewhere"]),
        Case(name: "an exclusion after the allowing component comes too late",
             file: file(components: #"{"/": "/buy/*"}, {"/": "/buy/old/*", "exclude": true}"#),
             allowed: ["/buy/old/1"], refused: []),
        Case(name: "case-sensitive by default",
             file: file(components: #"{"/": "/Buy/*"}"#),
             allowed: ["/Buy/1"], refused: ["/buy/1", "/BUY/1"]),
        Case(name: "caseSensitive false on the component",
             file: file(components: #"{"/": "/Buy/*", "caseSensitive": false}"#),
             allowed: ["/buy/1", "/BUY/1"], refused: ["/sell/1"]),
        Case(name: "caseSensitive false from the entry's defaults, overridden by a component",
             file: file(components: #"{"/": "/A/*", "caseSensitive": true}, {"/": "/B/*"}"#, defaults: #"{"caseSensitive": false}"#),
             allowed: ["/A/1", "/b/1"], refused: ["/a/1"]),
        Case(name: "caseSensitive false from applinks' defaults, overridden by the entry's",
             file: file(components: #"{"/": "/B/*"}"#, defaults: #"{"caseSensitive": true}"#, applinksDefaults: #"{"caseSensitive": false}"#),
             allowed: ["/B/1"], refused: ["/b/1"]),
        Case(name: "percent-encoded patterns (the default) are decoded and compared with the decoded URL",
             file: file(components: #"{"/": "/caf%C3%A9/*"}"#),
             allowed: ["/caf%C3%A9/1", "/caf%c3%a9/2"], refused: ["/cafe/1"]),
        Case(name: "percentEncoded false: a % in the pattern is itself",
             file: file(components: #"{"/": "/100%/*", "percentEncoded": false}"#),
             allowed: ["/100%25/x"], refused: ["/100/x"]),
        Case(name: "an escaped letter cannot slip past an exclusion",
             file: file(components: #"{"/": "/admin/*", "exclude": true}, {"/": "*"}"#),
             allowed: ["/shop"], refused: ["/%61dmin/x", "/admin/x"]),
        Case(name: "legacy paths with NOT, first match decides",
             file: #"{"applinks": {"apps": [], "details": [{"appID": "\#(appId)", "paths": ["NOT /records/admin/*", "/records/*"]}]}}"#,
             allowed: ["/records/1"], refused: ["/records/admin/1", "/other"]),
        Case(name: "components present: legacy paths are ignored",
             file: #"{"applinks": {"details": [{"appIDs": ["\#(appId)"], "paths": ["*"], "components": [{"/": "/only/*"}]}]}}"#,
             allowed: ["/only/1"], refused: ["/x"]),
        Case(name: "only the entries naming this app count, in file order",
             file: #"""
                {"applinks": {"details": [
                  {"appIDs": ["ZZZZZ99999.com.example.other"], "components": [{"/": "*"}]},
                  {"appIDs": ["ZZZZZ99999.com.example.other", "\#(appId)"], "components": [{"/": "/mine/*"}]},
                  {"appID": "\#(appId)", "paths": ["/legacy/*"]}]},
                 "webcredentials": {"apps": ["\#(appId)"]}}
                """#,
             allowed: ["/mine/1", "/legacy/2"], refused: ["/x"]),
        Case(name: "an explicit :443 is the same host",
             file: file(components: #"{"/": "/buy/*"}"#),
             allowed: [":443/buy/1"], refused: [":443/sell/1"]),
    ]

    @Test(arguments: cases)
    func matching(_ test: Case) throws {
        let table = RoutingTable(config: try Self.load(links: #"[{"host": "app.example", "aasa": "aasa.json"}]"#,
                                                       files: ["conf/aasa.json": test.file]))
        for path in test.allowed {
            let result = table.route(url: "https://app.example" + path)
            #expect(result.failureCode == nil, "\(path) should be allowed: \(result.failureMessage ?? "")")
        }
        for path in test.refused {
            #expect(table.route(url: "https://app.example" + path).failureCode == .notAllowed, "\(path) should be refused")
        }
    }

    @Test func anotherPortIsAnotherHost() throws {
        let table = RoutingTable(config: try Self.load(links: #"[{"host": "app.example", "paths": ["/*"]}]"#, files: [:]))
        #expect(table.route(url: "https://app.example:443/a").failureCode == nil)
        #expect(table.route(url: "https://APP.example:443/a").failureCode == nil)
        #expect(table.route(url: "https://app.example:8443/a").failureMessage?.contains("app.example:8443 is not a universal-link host") == true)
    }

    /// `*.example.com` names every subdomain at any depth, not the domain itself; an equal entry
    /// wins over it, a longer wildcard over a shorter one.
    @Test func wildcardHosts() throws {
        let links = #"""
            [{"host": "*.example.com", "paths": ["/any/*"]},
             {"host": "shop.example.com", "paths": ["/shop/*"]},
             {"host": "*.eu.example.com", "paths": ["/eu/*"]}]
            """#
        let table = RoutingTable(config: try Self.load(links: links, hosts: ["shop.example.com", "m.example.com"], files: [:]))
        let cases: [(String, ErrorCode?)] = [
            ("https://m.example.com/any/1", nil),
            ("https://a.b.example.com/any/1", .noRoute),
            ("https://m.example.com/shop/1", .notAllowed),
            ("https://shop.example.com/shop/1", nil),
            ("https://shop.example.com/any/1", .notAllowed),
            ("https://x.eu.example.com/eu/1", .noRoute),
            ("https://x.eu.example.com/any/1", .notAllowed),
            ("https://example.com/any/1", .notAllowed),
            ("https://m.example.com:443/any/1", nil),
        ]
        for (url, code) in cases {
            #expect(table.route(url: url).failureCode == code, "\(url)")
        }
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String?
        var config = #"[{"host": "app.example", "aasa": "aasa.json"}]"#
        var appId: String? = SiteAssociationTests.appId
        var errorFile = "conf/aasa.json"
        var field: String
        var text: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "not JSON", file: "{", field: "", text: "not valid JSON"),
        Refusal(name: "not an object", file: "[]", field: "", text: "must be a JSON object"),
        Refusal(name: "no applinks", file: #"{"webcredentials": {"apps": []}}"#, field: "applinks", text: "missing"),
        Refusal(name: "details keyed by app id", file: #"{"applinks": {"details": {"\#(appId)": {"paths": ["*"]}}}}"#,
                field: "applinks.details", text: "expected a list"),
        Refusal(name: "appIDs not a list", file: #"{"applinks": {"details": [{"appIDs": "\#(appId)", "components": []}]}}"#,
                field: "applinks.details[0].appIDs", text: "expected a list of app ids"),
        Refusal(name: "no appIDs", file: #"{"applinks": {"details": [{"components": [{"/": "*"}]}]}}"#,
                field: "applinks.details[0]", text: "missing: \"appIDs\""),
        Refusal(name: "a component not an object", file: file(components: #""/a""#),
                field: "applinks.details[0].components[0]", text: "expected an object"),
        Refusal(name: "a path pattern not a string", file: file(components: #"{"/": 3}"#),
                field: #"applinks.details[0].components[0]["/"]"#, text: "expected a pattern string"),
        Refusal(name: "exclude not a boolean", file: file(components: #"{"/": "*"}, {"/": "/a", "exclude": "yes"}"#),
                field: "applinks.details[0].components[1].exclude", text: "expected true or false"),
        Refusal(name: "a query that is a list", file: file(components: #"{"?": ["a"]}"#),
                field: #"applinks.details[0].components[0]["?"]"#, text: "expected a pattern string or an object"),
        Refusal(name: "a query item pattern not a string", file: file(components: #"{"?": {"id": 1}}"#),
                field: #"applinks.details[0].components[0]["?"].id"#, text: "for the query item's value"),
        Refusal(name: "a malformed escape in a percent-encoded pattern", file: file(components: #"{"/": "/100%/*"}"#),
                field: #"applinks.details[0].components[0]["/"]"#, text: "with \"percentEncoded\": false a `%` is literal"),
        Refusal(name: "defaults not an object", file: file(components: #"{"/": "*"}"#, defaults: "true"),
                field: "applinks.details[0].defaults", text: "expected an object"),
        Refusal(name: "a custom substitution variable in this app's entry",
                file: #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["\#(appId)"], "components": [{"/": "/$(food)"}]}]}}"#,
                field: #"applinks.details[0].components[0]["/"]"#, text: "the substitution variable $(food) is not supported"),
        Refusal(name: "a list-valued built-in substitution variable", file: file(components: #"{"/": "/$(lang)/*"}"#),
                field: #"applinks.details[0].components[0]["/"]"#, text: "the substitution variable $(lang) is not supported (only $(alpha)"),
        Refusal(name: "no entry for this app",
                file: #"{"applinks": {"details": [{"appIDs": ["ZZZZZ99999.com.example.other"], "components": [{"/": "*"}]}]}}"#,
                field: "applinks.details", text: "no entry names the app \(appId) (appIDs found: ZZZZZ99999.com.example.other)"),
        Refusal(name: "an entry for this app with nothing in it",
                file: #"{"applinks": {"details": [{"appIDs": ["\#(appId)"]}]}}"#,
                field: "applinks.details", text: "list no components or paths"),
        Refusal(name: "a config with aasa but no appId", file: file(components: #"{"/": "*"}"#), appId: nil,
                errorFile: "conf/app.json", field: "universalLinks[0].aasa", text: "set \"appId\" (PREFIX.com.example.app)"),
        Refusal(name: "an appId for another bundle", file: file(components: #"{"/": "*"}"#), appId: "ABCDE12345.com.example.other",
                errorFile: "conf/app.json", field: "appId", text: "is not PREFIX.com.example.app"),
        Refusal(name: "a file that cannot be read", file: nil,
                errorFile: "conf/app.json", field: "universalLinks[0].aasa", text: "cannot read conf/aasa.json: no such file"),
        Refusal(name: "both paths and aasa", file: file(components: #"{"/": "*"}"#),
                config: #"[{"host": "app.example", "aasa": "aasa.json", "paths": ["/*"]}]"#,
                errorFile: "conf/app.json", field: "universalLinks[0]", text: "has both \"paths\" and \"aasa\""),
    ]

    @Test(arguments: refusals)
    func refused(_ test: Refusal) {
        let files = test.file.map { ["conf/aasa.json": $0] } ?? [:]
        do {
            _ = try Self.load(links: test.config, files: files, appId: test.appId)
            Issue.record("loaded")
        } catch {
            #expect(error.errors.count == 1, "\(error)")
            let found = error.errors.first
            #expect(found?.file == test.errorFile, "\(error)")
            #expect(found?.field == test.field, "\(error)")
            #expect(found?.description.contains(test.text) == true, "\(error)")
        }
    }

    /// A link refused by a component's `?` or `#` says so, not that its path is missing.
    @Test(arguments: [
        (#"{"/": "/s/*", "?": {"ref": "mail"}}"#, "/s/1?ref=web",
         #"path /s/1 is in applinks.details[0].components[0] of app.example, but its query `ref=web` does not match that component's "?""#),
        (##"{"/": "/s/*", "#": "top"}"##, "/s/1#end",
         "path /s/1 is in applinks.details[0].components[0] of app.example, but its fragment `end` does not match that component's \"#\""),
        (#"{"?": {"private": "1"}, "exclude": true}, {"/": "*"}"#, "/s/1?private=1",
         "the query `private=1` of path /s/1 is excluded by applinks.details[0].components[0] of app.example"),
        (#"{"/": "/s/*", "exclude": true}, {"/": "*"}"#, "/s/1",
         "path /s/1 is excluded by applinks.details[0].components[0] of app.example"),
        (#"{"/": "/s/*"}"#, "/t/1", "path /t/1 is not in the universal-link paths of app.example"),
    ])
    func refusalNamesTheRule(_ components: String, _ path: String, _ message: String) throws {
        let table = RoutingTable(config: try Self.load(links: #"[{"host": "app.example", "aasa": "aasa.json"}]"#,
                                                       files: ["conf/aasa.json": Self.file(components: components)]))
        #expect(table.route(url: "https://app.example" + path).failureMessage == message + ": https://app.example" + path)
    }

    /// A rule that an earlier one decides for all its paths is dead: a warning naming both.
    @Test func shadowedRulesAreWarnings() throws {
        let file = Self.file(components: #"{"/": "/buy/*"}, {"/": "/buy/old/*", "exclude": true}, {"/": "/BUY/x", "caseSensitive": false}, {"/": "/sell/*", "?": {"a": "1"}}, {"/": "/sell/x"}"#)
        let config = try Self.load(links: #"[{"host": "app.example", "aasa": "aasa.json"}]"#, files: ["conf/aasa.json": file])
        #expect(config.warnings.map(\.description) == [
            #"conf/app.json: warning: aasa.json applinks.details[0].components[1]: "/buy/old/*" never applies to app.example: "/buy/*" (aasa.json applinks.details[0].components[0]) comes first and allows every path it matches"#,
        ])
        let paths = try Self.load(links: #"[{"host": "app.example", "paths": ["/*", "NOT /admin/*"]}]"#, files: [:])
        #expect(paths.warnings.map(\.description) == [
            #"conf/app.json: warning: universalLinks[0].paths[1]: "NOT /admin/*" never applies to app.example: "/*" (universalLinks[0].paths[0]) comes first and allows every path it matches"#,
        ])
    }

    @Test func unknownKeysAreWarnings() throws {
        let file = #"{"applinks": {"apps": [], "details": [{"appIDs": ["\#(Self.appId)"], "components": [{"/": "/a/*", "exlude": true, "comment": "c"}]}]}}"#
        let config = try Self.load(links: #"[{"host": "app.example", "aasa": "aasa.json"}]"#, files: ["conf/aasa.json": file])
        #expect(config.warnings.map(\.description) == [
            #"conf/aasa.json: warning: applinks.details[0].components[0]["exlude"]: unknown key, ignored; known keys are #, /, ?, caseSensitive, comment, exclude, percentEncoded"#,
        ])
    }

    /// The lint reads a file's components like `paths`: a pattern they never allow is an error.
    @Test func lintReadsTheFile() {
        let file = Self.file(components: #"{"/": "/admin/*", "exclude": true}, {"/": "/shop/*", "caseSensitive": false}"#)
        let json = RoutingFixtures.config(routes: #"""
            {"name": "admin", "match": ["https://app.example/admin/:id"], "tab": "home"},
            {"name": "shop", "match": ["https://app.example/SHOP/:id"], "tab": "home"}
            """#, universalLinks: #"[{"host": "app.example", "aasa": "aasa.json"}]"#)
            .replacingFirst("{", with: #"{"appId": "\#(Self.appId)", "#)
        do {
            _ = try Config.load(json: Array(json.utf8), file: "app.json") { _ in Array(file.utf8) }
            Issue.record("loaded")
        } catch {
            #expect(error.errors.map(\.route) == ["admin"], "\(error)")
            #expect(error.description.contains(#"excludes every path of the pattern"#), "\(error)")
            #expect(error.description.contains(#"aasa.json applinks.details[0].components[0]"#), "\(error)")
        }
    }

    @Test(arguments: [("aasa", "conf/app.json", "conf/aasa"), ("/etc/aasa", "conf/app.json", "/etc/aasa"),
                      ("aasa", "app.json", "aasa"), ("../w/aasa", "/srv/conf/app.json", "/srv/conf/../w/aasa")])
    func pathsAreRelativeToTheConfig(_ path: String, _ file: String, _ expected: String) {
        #expect(Config.path(path, besides: file) == expected)
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
