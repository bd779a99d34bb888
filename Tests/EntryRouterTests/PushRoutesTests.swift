import Testing
@testable import EntryRouter

/// The push routes share their key path lookups: a path is looked up once per payload whichever
/// route asks first. These check that sharing changes nothing a route sees: paths that differ only
/// in depth, escaped keys, params some of which are missing, and selectors of several tests.
@Suite struct PushRoutesTests {
    /// Routes in file order: `nested` tests `a.type`, `deep` tests `a.b.type` and `type`, `top` tests
    /// `type` alone; all of them read params from paths the others test.
    static let table: RoutingTable = {
        let json = RoutingFixtures.config(routes: """
            {"name": "nested", "push": {"a.type": "x"}, "params": {"t": "type", "n": "a.n"}, "modal": "alert"},
            {"name": "deep", "push": {"a.b.type": "x", "type": "y"}, "params": {"t": "a.type", "m": "a.b.m"}, "modal": "alert"},
            {"name": "top", "push": {"type": "x"}, "params": {"a": "a.type", "b": "a.b.type", "n": "n", "k": "k\\u00e9y"}, "modal": "promo"},
            {"name": "flag", "push": {"type": "f", "on": true, "none": null, "level": 2}, "params": {"l": "level"}, "modal": "promo"}
            """)
        return RoutingTable(config: try! RoutingFixtures.load(json))
    }()

    private func route(_ text: String) -> (route: String, params: [String: String])? {
        guard let payload = try? PushPayload.scanning(Array(text.utf8)),
              let match = try? Self.table.route(push: payload, payloadBytes: text.utf8.count).get() else { return nil }
        return (match.route, match.params.dictionary)
    }

    @Test func aKeyAtSeveralDepthsIsReadAtTheDepthOfEachPath() {
        let nested = route(#"{"type":"y","a":{"type":"x","n":1,"b":{"type":"z"}}}"#)
        #expect(nested?.route == "nested")
        #expect(nested?.params == ["t": "y", "n": "1"])

        let deep = route(#"{"type":"y","a":{"type":"w","b":{"type":"x","m":"deep"}}}"#)
        #expect(deep?.route == "deep")
        #expect(deep?.params == ["t": "w", "m": "deep"])

        let top = route(#"{"type":"x","a":{"type":"q","b":{"type":"r"}},"n":-12,"k\u00e9y":"v"}"#)
        #expect(top?.route == "top")
        #expect(top?.params == ["a": "q", "b": "r", "n": "-12", "k": "v"])
    }

    @Test func escapedAndNonASCIIKeysMatchAsText() {
        #expect(route(#"{"\u0074ype":"x"}"#)?.route == "top")
        #expect(route(#"{"a":{"typ\u0065":"x"}}"#)?.route == "nested")
        #expect(route(#"{"type":"\u0078","k\u00e9y":"1"}"#)?.params == ["k": "1"])
        #expect(route("{\"type\":\"x\",\"ke\u{301}y\":\"2\"}")?.params == ["k": "2"])
    }

    @Test(arguments: [
        (#"{"type":"x"}"#, [String: String]()),
        (#"{"type":"x","n":null}"#, [:]),
        (#"{"type":"x","a":{"type":[1]},"n":"n"}"#, ["n": "n"]),
        (#"{"type":"x","a":{"b":{"type":"r"}}}"#, ["b": "r"]),
        (#"{"type":"x","a":{"type":"q"},"n":{"x":1},"k\u00e9y":true}"#, ["a": "q", "k": "true"]),
        (#"{"type":"x","a":{"type":"q","b":{"type":123456789012}},"n":1e300}"#,
         ["a": "q", "b": "123456789012", "n": "1e+300"]),
    ])
    func missingParamsAreLeftOutWhateverTheirPlace(_ text: String, _ params: [String: String]) {
        let match = route(text)
        #expect(match?.route == "top")
        #expect(match?.params == params)
    }

    @Test func everyTestOfASelectorMustHold() {
        #expect(route(#"{"type":"f","on":true,"none":null,"level":2.0}"#)?.params == ["l": "2"])
        #expect(route(#"{"type":"f","on":true,"none":null,"level":3}"#) == nil)
        #expect(route(#"{"type":"f","on":false,"none":null,"level":2}"#) == nil)
        #expect(route(#"{"type":"f","on":true,"level":2}"#) == nil)
        #expect(route(#"{"type":"y","a":{"b":{"type":"y"}}}"#) == nil)
        #expect(route(#"{"type":"y","a":"x"}"#) == nil)
    }

    /// The simulator's bundle key and the link key are paths of the same table as the selectors': a
    /// route that tests or reads them sees the same member, and the bundle is checked before the link.
    @Test func bundleAndLinkKeysShareTheTable() throws {
        let json = RoutingFixtures.config(routes: """
            {"name": "sim", "push": {"Simulator Target Bundle": "com.example.app"}, "params": {"l": "link", "b": "Simulator Target Bundle"}, "modal": "alert"}
            """)
        let table = RoutingTable(config: try RoutingFixtures.load(json))
        func route(_ text: String) -> Result<RouteMatch, WireError> {
            table.route(push: try! PushPayload.scanning(Array(text.utf8)), payloadBytes: text.utf8.count)
        }
        #expect(try route(#"{"Simulator Target Bundle":"com.example.app","link":2}"#).get().params == ["b": "com.example.app", "l": "2"])
        #expect(try route(#"{"Simulator Target Bundle":"com.example.\u0061pp"}"#).get().params == ["b": "com.example.app"])
        #expect(route(#"{"Simulator Target Bundle":"com.example.ap","link":"x://y"}"#).failureCode == .wrongBundle)
        #expect(route(#"{"Simulator Target Bundle":null}"#).failureCode == .wrongBundle)
        #expect(route(#"{"link":"nowhere://y"}"#).failureCode == .notAllowed)
        #expect(route(#"{"link":{"Simulator Target Bundle":"other"}}"#).failureCode == .noRoute)
    }

    /// The top-level members are matched against every one-key path in one pass: an escaped key stops
    /// the pass and the paths not found yet are looked up as text, nested members of the same key are
    /// passed over, and keys longer than any path's are skipped.
    @Test func oneKeyPathsAreFoundInOnePass() {
        #expect(route(#"{"\u0074ype":"x","n":2}"#)?.params == ["n": "2"])
        #expect(route(#"{"n":1,"\u0074ype":"x"}"#)?.params == ["n": "1"])
        #expect(route(#"{"n":1,"\u0074ype":"y"}"#) == nil)
        #expect(route(#"{"a":{"type":"x","n":3},"n":4,"type":"x"}"#)?.params == ["t": "x", "n": "3"])
        #expect(route(#"{"a":{"type":"y","n":3},"n":4,"type":"x"}"#)?.params == ["a": "y", "n": "4"])
        #expect(route(#"{"a long key that no path has":1,"k\u00e9y":"v","type":"x"}"#)?.params == ["k": "v"])
        #expect(route(#"{"":0,"t":1,"type":"x"}"#)?.route == "top")
    }
}
