import SeededRandom
import Testing
@testable import EntryRouter

/// Push routes are tried only where the payload's value at the dispatch path can lead
/// (`PushDispatch`). These check that this picks the route trying every route in file order picks,
/// on fixed and on generated configs and payloads: values of every kind, escaped and non-ASCII
/// strings, missing and nested keys, strings alike in their head, and routes tied on one value.
@Suite struct PushDispatchTests {
    /// One config: each route's selector, as JSON, in file order; each reads `n` and `a.b` as params.
    static let configs: [[String]] = [
        [#"{"type":"invitation"}"#, #"{"type":"record"}"#, #"{"type":"serviceNotice"}"#],
        // Ties: the first of the routes of one value whose other tests hold.
        [#"{"type":"x","on":true}"#, #"{"type":"x","n":1}"#, #"{"type":"x"}"#, #"{"type":"y"}"#],
        // Routes without a string at the path are tried for every payload, in their place.
        [#"{"type":"x","n":2}"#, #"{"n":2}"#, #"{"type":"x"}"#, #"{}"#, #"{"type":"y"}"#],
        [#"{"type":5}"#, #"{"type":"5"}"#, #"{"type":null}"#, #"{"type":true}"#, #"{"type":"caf\u00e9"}"#, #"{"type":""}"#],
        // Strings of one head (length and first eight bytes) that differ after it.
        [#"{"type":"abcdefghi"}"#, #"{"type":"abcdefghj"}"#, #"{"type":"abcdefgh"}"#, #"{"type":"abcdefghijklmnopq"}"#,
         #"{"type":"abcdefghijklmnopr"}"#],
        // The path most routes select on is nested; the others select on `type`.
        [#"{"a.type":"x"}"#, #"{"a.type":"y","type":"x"}"#, #"{"a.type":"x","type":"y"}"#, #"{"type":"z"}"#],
        // No string selectors at all: every route is tried in order.
        [#"{"n":1}"#, #"{"on":false}"#, #"{"type":[1]}"#],
        [#"{}"#, #"{"type":"x"}"#],
        [],
    ]

    static let payloads: [String] = [
        #"{"type":"invitation","n":"1"}"#, #"{"type":"record"}"#, #"{"type":"serviceNotice","a":{"b":3}}"#,
        #"{"type":"serviceNotic"}"#, #"{"type":"serviceNoticeX"}"#, #"{"type":"x"}"#, #"{"type":"x","on":true}"#,
        #"{"type":"x","n":1}"#, #"{"type":"x","n":2}"#, #"{"type":"y","n":2}"#, #"{"n":2}"#, #"{"type":"y"}"#,
        #"{"type":"z"}"#, #"{"type":5}"#, #"{"type":5.0}"#, #"{"type":"5"}"#, #"{"type":null}"#, #"{"type":true}"#,
        #"{"type":"caf\u00e9"}"#, "{\"type\":\"caf\u{e9}\"}", "{\"type\":\"cafe\u{301}\"}", #"{"type":""}"#,
        #"{"type":"\u0078"}"#, #"{"type":"\u0078","on":true}"#, #"{"\u0074ype":"x"}"#, #"{"type":"abcdefghi"}"#,
        #"{"type":"abcdefghj"}"#, #"{"type":"abcdefgh"}"#, #"{"type":"abcdefghk"}"#, #"{"type":"abcdefghijklmnopr"}"#,
        #"{"type":"abcdefghijklmnop\u0071"}"#, #"{"type":"abcdefghijklmnops"}"#, #"{"a":{"type":"x"}}"#,
        #"{"a":{"type":"y"},"type":"x"}"#, #"{"a":{"type":"x"},"type":"y"}"#, #"{"a":{"type":"x"},"type":"z"}"#,
        #"{"type":{"x":1}}"#, #"{"type":["x"]}"#,
        #"{"on":false}"#, #"{"type":[1]}"#, #"{}"#, #"[1]"#, #""x""#, #"{"n":"1","a":{"b":"c"},"type":"record"}"#,
    ]

    private static func routes(_ selectors: [String], dispatching: Bool) -> PushRoutes {
        let readers = selectors.enumerated().map { index, text in
            guard case .object(let selector) = try! JSONValue.parse(Array(text.utf8)[...]) else { fatalError("a selector is an object") }
            return (route: index, reader: PushParams(selector: selector, params: ["n": "n", "b": "a.b"], identity: "n"))
        }
        return PushRoutes(readers, dispatching: dispatching)
    }

    /// The route, params and identity value of a match; the case otherwise.
    private static func same(_ a: PushRoutes.Outcome, _ b: PushRoutes.Outcome) -> Bool {
        switch (a, b) {
        case (.match(let a), .match(let b)): return a.route == b.route && a.params == b.params && a.identity == b.identity
        case (.none, .none): return true
        case (.link(let a), .link(let b)): return a == b
        case (.wrongBundle(let a), .wrongBundle(let b)): return a == b
        default: return false
        }
    }

    private static func route(_ routes: PushRoutes, _ text: String) -> PushRoutes.Outcome {
        routes.route(try! PushPayload.scanning(Array(text.utf8)))
    }

    @Test(arguments: configs.indices)
    func dispatchAgreesWithTryingEveryRoute(_ config: Int) {
        let fast = Self.routes(Self.configs[config], dispatching: true)
        let ordered = Self.routes(Self.configs[config], dispatching: false)
        for payload in Self.payloads {
            #expect(Self.same(Self.route(fast, payload), Self.route(ordered, payload)), "config \(config), payload \(payload)")
        }
    }

    /// Spot checks of what the agreement rests on, so that a rule broken on both sides still fails.
    @Test(arguments: [
        (1, #"{"type":"x","n":1}"#, 1), (1, #"{"type":"x","on":true,"n":1}"#, 0), (1, #"{"type":"x"}"#, 2),
        (2, #"{"type":"y","n":2}"#, 1), (2, #"{"type":"y"}"#, 3), (2, #"{"type":"x","n":2}"#, 0),
        (3, #"{"type":5.0}"#, 0), (3, #"{"type":"5"}"#, 1), (3, #"{"type":"caf\u00e9"}"#, 4), (3, "{\"type\":\"cafe\u{301}\"}", 4),
        (4, #"{"type":"abcdefghj"}"#, 1), (4, #"{"type":"abcdefghijklmnop\u0071"}"#, 3), (4, #"{"type":"abcdefghk"}"#, -1),
        (5, #"{"a":{"type":"x"},"type":"y"}"#, 0), (5, #"{"a":{"type":"y"},"type":"x"}"#, 1), (5, #"{"type":"z"}"#, 3),
        (7, #"{"type":"x"}"#, 0), (0, #"{"type":"recorded"}"#, -1), (0, #"{"n":"1","type":"record"}"#, 1),
    ])
    func theFirstMatchingRouteInFileOrderWins(_ config: Int, _ payload: String, _ expected: Int) {
        let outcome = Self.route(Self.routes(Self.configs[config], dispatching: true), payload)
        if case .match(let match) = outcome {
            #expect(match.route == expected)
        } else {
            #expect(expected == -1)
        }
    }

    /// Generated configs and payloads over a small vocabulary, so that values collide often.
    @Test(arguments: 0..<40)
    func generatedConfigsAgree(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x5eed)
        let keys = ["type", "type", "type", "kind", "a.type", "t\\u00e9"]
        let values = [#""x""#, #""y""#, #""abcdefghi""#, #""abcdefghj""#, #""""#, #""caf\u00e9""#, "1", "true", "null", "[1]",
                      #"{"x":1}"#]
        let payloadValues = values + [#""\u0078""#, "1.0", #""z""#, #""abcdefghk""#, "false", #""caf\u00e9""#]
        func object(_ pairs: [(String, String)]) -> String {
            "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
        let selectors = (0..<random.below(10)).map { _ in
            var pairs: [String: String] = [:]
            for _ in 0..<random.below(3) { pairs[random.pick(keys)] = random.pick(values) }
            return object(pairs.sorted { $0.key < $1.key })
        }
        let fast = Self.routes(selectors, dispatching: true)
        let ordered = Self.routes(selectors, dispatching: false)
        for _ in 0..<60 {
            var pairs: [(String, String)] = []
            // Keys are distinct once unescaped: a payload may not repeat one.
            for key in ["type", "kind", "t\\u00e9", "a", "n"].shuffled(using: &random).prefix(random.below(4)) {
                let key = key == "type" && random.chance(30) ? "\\u0074ype" : key
                let value = key == "a" ? object([("type", random.pick(payloadValues)), ("b", random.pick(payloadValues))])
                    : random.pick(payloadValues)
                pairs.append((key, value))
            }
            let payload = object(pairs)
            #expect(Self.same(Self.route(fast, payload), Self.route(ordered, payload)), "\(selectors) with \(payload)")
        }
    }
}

/// The dispatch table on its own: the path it picks, its slots as values are added, strings alike in
/// their head, and the merge of the routes of one value with the routes of any.
@Suite struct PushDispatchTableTests {
    /// Tests for `routes`, each a list of (path, string or nil for a value of another kind), with
    /// the strings laid in `pool`.
    private static func tests(_ routes: [[(Int32, String?)]], _ pool: inout PushKeyPool) -> [[PushDispatch.Test]] {
        routes.map { route in
            route.map { path, text in
                guard let text else { return PushDispatch.Test(path: path, plain: nil) }
                let bytes = pool.add(ascii: text)
                return PushDispatch.Test(path: path, plain: (text, Int32(bytes.lowerBound), pool.head(of: bytes)))
            }
        }
    }

    /// The routes `dispatch` leaves for a payload holding the string `text` at its path.
    private static func candidates(_ dispatch: PushDispatch, _ pool: PushKeyPool, _ text: String) -> [Int] {
        let payload = try! PushPayload.scanning(Array("{\"v\":\"\(text)\"}".utf8))
        let keyed = payload.withLookup(in: pool) { lookup in
            dispatch.keyedRoutes(for: lookup.stringHead(at: 0), at: 0, lookup)
        }
        var tried: [Int] = []
        _ = dispatch.firstRoute(keyed: keyed) { position, isKeyed in
            // A route is told keyed exactly when it came from the value's own list.
            #expect(isKeyed == !dispatch.others.contains(Int32(position)))
            tried.append(position)
            return false
        }
        return tried
    }

    @Test func noPlainStringMeansNoDispatch() {
        var pool = PushKeyPool()
        #expect(PushDispatch(tests: []) == nil)
        #expect(PushDispatch(tests: Self.tests([[], [(0, nil)], [(1, nil), (2, nil)]], &pool)) == nil)
    }

    @Test func thePathMostRoutesRequireAStringAtIsChosenTheLowestOnATie() throws {
        var pool = PushKeyPool()
        let most = try #require(PushDispatch(tests: Self.tests([[(3, "a")], [(1, "b"), (3, "c")], [(1, nil)], [(3, "d")]], &pool)))
        #expect(most.path == 3)
        let tie = try #require(PushDispatch(tests: Self.tests([[(4, "a")], [(2, "b")]], &pool)))
        #expect(tie.path == 2)
    }

    @Test func routesOfOneValueAndRoutesOfAnyAreTriedInFileOrder() throws {
        var pool = PushKeyPool()
        let dispatch = try #require(PushDispatch(tests: Self.tests([
            [(0, nil)], [(0, "x")], [(1, "x")], [(0, "y")], [(0, "x"), (1, "q")], [], [(0, "abcdefghi")], [(0, "abcdefghj")],
        ], &pool)))
        #expect(dispatch.others == [0, 2, 5])
        #expect(Self.candidates(dispatch, pool, "x") == [0, 1, 2, 4, 5])
        #expect(Self.candidates(dispatch, pool, "y") == [0, 2, 3, 5])
        #expect(Self.candidates(dispatch, pool, "z") == [0, 2, 5])
        #expect(Self.candidates(dispatch, pool, "") == [0, 2, 5])
        #expect(Self.candidates(dispatch, pool, "abcdefghi") == [0, 2, 5, 6])
        #expect(Self.candidates(dispatch, pool, "abcdefghj") == [0, 2, 5, 7])
        #expect(Self.candidates(dispatch, pool, "abcdefghk") == [0, 2, 5])
    }

    @Test func withoutRoutesOfAnyOnlyTheValuesRoutesAreTried() throws {
        var pool = PushKeyPool()
        let dispatch = try #require(PushDispatch(tests: Self.tests([[(0, "a")], [(0, "b")], [(0, "a")]], &pool)))
        #expect(dispatch.others.isEmpty)
        #expect(Self.candidates(dispatch, pool, "a") == [0, 2])
        #expect(Self.candidates(dispatch, pool, "b") == [1])
        #expect(Self.candidates(dispatch, pool, "c").isEmpty)
    }

    /// Many values, many of them alike in their first eight bytes: the table grows to at least twice
    /// their count, every value finds its own routes, and values never added find none.
    @Test(arguments: [1, 2, 3, 7, 64, 1000])
    func everyValueFindsItsRoutesAsTheTableGrows(_ count: Int) throws {
        var pool = PushKeyPool()
        let names = (0..<count).map { $0 % 2 == 0 ? "value-\($0)" : "prefixed-\($0)" }
        let dispatch = try #require(PushDispatch(tests: Self.tests(names.map { [(Int32(0), $0)] }, &pool)))
        #expect(dispatch.slots.count == 1 << dispatch.bits)
        #expect(dispatch.slots.count >= 2 * count)
        #expect(dispatch.slots.filter { $0.head != .none }.count == count)
        for (position, name) in names.enumerated() {
            #expect(Self.candidates(dispatch, pool, name) == [position])
        }
        #expect(Self.candidates(dispatch, pool, "value-\(count + 1)").isEmpty)
        #expect(Self.candidates(dispatch, pool, "prefixed-\(count * 2 + 1)").isEmpty)
    }

    @Test func bucketsLieInTheTable() {
        let bytes: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        bytes.withBufferView { bytes in
            for bits in [1, 2, 5, 17, 62] {
                for end in 0...bytes.count {
                    let bucket = StringHead(bytes, 0..<end).bucket(bits)
                    #expect(bucket >= 0 && bucket < 1 << bits)
                }
            }
        }
    }
}
