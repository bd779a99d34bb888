import Testing
@testable import EntryRouter

/// The matching structures behind `RoutingTable`: literal slots, leaves kept in their parent,
/// params templates and the parser's segment storage. Each case is checked through the table,
/// so what is tested is the routing answer, whatever the layout.
@Suite("Routing layout")
struct RoutingLayoutTests {
    private static func table(_ patterns: [(name: String, pattern: String)]) throws -> RoutingTable {
        let routes = patterns.map { #"{"name": "\#($0.name)", "match": ["\#($0.pattern)"], "tab": "home"}"# }
        return RoutingTable(config: try RoutingFixtures.load(RoutingFixtures.config(routes: routes.joined(separator: ","))))
    }

    private static func route(_ table: RoutingTable, _ url: String) -> (String, [String: String])? {
        guard case .success(let match) = table.route(url: url) else { return nil }
        return (match.route, match.params.dictionary)
    }

    @Test func literalSlotsHoldManySiblingsAndTheSameKeyUnderManyParents() throws {
        // 300 siblings under one parent and the same 300 keys under another: the slot table is
        // probed past occupied slots, and a key is told apart by its parent.
        var patterns: [(String, String)] = []
        for i in 0..<300 {
            patterns.append(("a\(i)", "app://a/k\(i)"))
            patterns.append(("b\(i)", "app://b/k\(i)/:id"))
        }
        let table = try Self.table(patterns)
        for i in 0..<300 {
            #expect(Self.route(table, "app://a/k\(i)")?.0 == "a\(i)")
            #expect(Self.route(table, "app://b/k\(i)/x")?.0 == "b\(i)")
            #expect(Self.route(table, "app://b/k\(i)") == nil)
            #expect(Self.route(table, "app://a/k\(i)/x") == nil)
        }
        #expect(Self.route(table, "app://a/k300") == nil)
        #expect(Self.route(table, "app://c/k1") == nil)
    }

    @Test(arguments: [7, 8, 9, 15, 16, 17, 40])
    func literalKeysOfEveryLengthMatchOnlyThemselves(length: Int) throws {
        let key = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        let twin = String(key.dropLast()) + "Z"
        let table = try Self.table([("key", "app://x/\(key)"), ("twin", "app://x/\(twin)"), ("deep", "app://x/\(key)/\(key)")])
        #expect(Self.route(table, "app://x/\(key)")?.0 == "key")
        #expect(Self.route(table, "app://x/\(twin)")?.0 == "twin")
        #expect(Self.route(table, "app://x/\(key)/\(key)")?.0 == "deep")
        #expect(Self.route(table, "app://x/\(key.dropLast())") == nil)
        #expect(Self.route(table, "app://x/\(key)a") == nil)
        // The last segment sits at the end of the URL, where fewer than 16 bytes follow it.
        #expect(Self.route(table, "app://x/\(key)?q=1")?.1 == ["q": "1"])
    }

    @Test func firstSegmentFoldsAtEveryLength() throws {
        let long = String(repeating: "host", count: 6)
        let table = try Self.table([("short", "app://home/a"), ("long", "app://\(long)/a")])
        #expect(Self.route(table, "app://HOME/a")?.0 == "short")
        #expect(Self.route(table, "app://\(long.uppercased())/a")?.0 == "long")
        #expect(Self.route(table, "app://home/A") == nil)
    }

    @Test func nonASCIISegmentsCompareAsText() throws {
        // U+212A KELVIN SIGN equals `K` as a String; bytes differ, so these go by text.
        let table = try Self.table([("kelvin", "app://x/K"), ("cafe", "app://y/caf%C3%A9"), ("plain", "app://z/k")])
        #expect(Self.route(table, "app://x/%E2%84%AA")?.0 == "kelvin")
        #expect(Self.route(table, "app://x/K")?.0 == "kelvin")
        #expect(Self.route(table, "app://y/cafe%CC%81")?.0 == "cafe")
        #expect(Self.route(table, "app://z/%E2%84%AA") == nil)
    }

    @Test func leavesAndNodesBelowTheSameLiteral() throws {
        // `:id` alone is a leaf; `<int:n>` has a child, so it stays a node; both keep precedence.
        let table = try Self.table([
            ("param", "app://a/:id"), ("int", "app://a/<int:n>"), ("intChild", "app://a/<int:n>/more"),
            ("uuidLeaf", "app://b/<uuid:u>"), ("rest", "app://b/*tail"),
        ])
        #expect(Self.route(table, "app://a/5")?.0 == "int")
        #expect(Self.route(table, "app://a/5/more")?.0 == "intChild")
        #expect(Self.route(table, "app://a/x")?.0 == "param")
        #expect(Self.route(table, "app://a/x/more") == nil)
        #expect(Self.route(table, "app://b/0f8fad5b-d9cb-469f-a165-70867728950e")?.0 == "uuidLeaf")
        #expect(Self.route(table, "app://b/0f8fad5b-d9cb-469f-a165-70867728950e/x")?.1
            == ["tail": "0f8fad5b-d9cb-469f-a165-70867728950e/x"])
    }

    @Test(arguments: 0...6)
    func queryItemsFillTheParamsTemplate(items: Int) throws {
        let table = try Self.table([("two", "app://p/:a/:b")])
        var query = (0..<items).map { "q\($0)=\($0)" }
        if items > 1 { query.append("a=shadowed") }
        let url = "app://p/x/y" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        var expected = ["a": "x", "b": "y"]
        for i in 0..<items { expected["q\(i)"] = "\(i)" }
        #expect(Self.route(table, url)?.1 == expected)
    }

    @Test func sharedLayoutsKeepTheirOwnValues() throws {
        let table = try Self.table([("one", "app://one/:id"), ("two", "app://two/:id")])
        #expect(Self.route(table, "app://one/1")?.1 == ["id": "1"])
        #expect(Self.route(table, "app://two/2")?.1 == ["id": "2"])
        #expect(Self.route(table, "app://one/3")?.1 == ["id": "3"])
    }

    @Test func urlsWithMoreSegmentsThanTheStackHolds() throws {
        let table = try Self.table([("rest", "app://r/*tail")])
        let many = (0..<(ParsedURL.inlineSegments + 10)).map { "s\($0)" }.joined(separator: "/")
        #expect(Self.route(table, "app://r/" + many)?.1 == ["tail": many])
        #expect(Self.route(table, "app://r/" + many + "/a%2Fb")?.1 == ["tail": many + "/a/b"])
    }

    @Test func universalLinkRulesMatchWholeCharacters() {
        func allows(_ glob: String, _ path: String) -> Bool {
            path.withUTF8View { UniversalLinkRules(paths: [glob]).allows($0) }
        }
        #expect(allows("/caf?", "/café"))
        #expect(!allows("/caf??", "/café"))
        #expect(allows("/*é", "/xé"))
        #expect(allows("/*?", "/é"))
        #expect(!allows("/?", "/"))
        #expect(allows("/a*b*c", "/a__b__c"))
        #expect(!allows("/a*b*c", "/a__b__"))
    }
}
