/// The routes with a `push` selector, in file order, compiled together (docs/CONFIG.md).
///
/// Selectors mostly test the same key: every sample route tests `type`. Compiled one by one, each
/// route looked that key up in the payload again. Here every distinct key path that a selector tests
/// or a param reads is numbered when the table is built, and routing a payload looks each number up
/// at most once, when a route first needs it; the routes after it compare the member found. Tests
/// and spans are plain values in flat arrays, read in place: trying a route counts no references.
/// The two members every push is checked for first, the simulator's bundle key and the push link
/// key, are paths of the same table, looked up with the same pointers as the selectors'.
/// A payload is tried only against the routes its value at the most selected path can match
/// (`PushDispatch`): with every route selecting on `type`, one hash of the payload's `type` and one
/// comparison find the route, however many routes come before it.
/// A class, so that the closure routing runs in captures one reference, not a copy of every array.
///
/// This file builds the tables; `PushRoutes+Matching.swift` routes a payload through them, which is
/// why the tables and their element types are internal rather than private.
final class PushRoutes: Sendable {
    /// A selector's value, in the form cheapest to compare with a payload's member.
    enum Expected: Sendable {
        /// An ASCII string: where its bytes lie in the pool.
        case plainString(Range<Int>)
        case bool(Bool)
        case null
        /// Anything else (numbers, other strings, arrays, objects), compared as values: its index
        /// in `values`.
        case value(Int)
    }

    /// One member a selector requires: the number of its path and, for an ASCII string, its length and
    /// its first eight bytes as a word (`StringHead`) and where its bytes start in the pool, so that a
    /// payload's string of another value is told apart by two comparisons: routes mostly test one key
    /// (`type`) against strings that differ in their length or first bytes. Any other value has the
    /// head `none` and is compared as its `Expected` (`expectations`, by the same index): the loop over
    /// the routes reads 24 bytes a test, not the value's enum.
    struct Test: Sendable {
        let path: Int32
        let start: Int32
        let head: StringHead
    }

    /// One route: its index in the config, and its tests and its params' path numbers (ranges of
    /// `tests` and `paramPaths`), as 32-bit bounds so that the loop over the routes reads 20 bytes a route.
    struct Span: Sendable {
        let route: Int32
        let firstTest: Int32
        let endTest: Int32
        let firstParam: Int32
        let endParam: Int32
    }

    /// What is known of the member at one path, once looked up: its index (or `absent`), and, once a
    /// test has needed it, its `StringHead` (params never need it).
    struct Probe {
        var index: Int32
        var headRead: Bool
        var head: StringHead

        static let unknown = Probe(index: -2, headRead: false, head: .none)
        static let absent: Int32 = -1

        var member: Int? { index < 0 ? nil : Int(index) }
    }

    let spans: [Span]
    let tests: [Test]
    /// Each test's value, by the index of the test (read only when its head does not decide).
    let expectations: [Expected]
    let values: [JSONValue]
    /// For each param of each route, in `PushParams.names` order, the number of its path.
    let paramPaths: [Int32]
    /// Each param's name (by the index of its path in `paramPaths`) as `RouteParams` lays a key out,
    /// its length and then its bytes, end to end: param `i` is `paramKeys[paramKeyBounds[i] ..<
    /// paramKeyBounds[i + 1]]`, appended to the params in one copy, with no `String` read per push.
    /// Each route's identity param, as a position among its params (-1 for none). Plain arrays, not
    /// the routes' `PushParams`: reading them retains nothing.
    let paramKeys: [UInt8]
    let paramKeyBounds: [Int32]
    let identities: [Int32]
    /// The distinct paths, each a range of keys of `pool`.
    let paths: [Range<Int>]
    let pool: PushKeyPool
    /// The simulator's bundle key and the config's bundle id, as a test that a payload holding the
    /// key must pass (`RoutingTable.simulatorBundleKey`): its index in `tests`, after every route's;
    /// nil when no bundle id is given.
    let bundle: Int?
    /// The number of the `pushLinkKey` path, if the config has one.
    let link: Int32?
    /// The routes by the string they require at one path, when some route requires one: the routes
    /// a payload is tried against (`PushDispatch`). Nil routes every payload by trying every route.
    let dispatch: PushDispatch?
    /// The paths of one ASCII key (most are: `type`, `noticeId`) by the key's length: the first such
    /// path of each length, and after each path the next of the same length (-1 ends both). A payload's
    /// top-level members are matched against these in one pass (`scanTop`) instead of one pass per path.
    let topByLength: [Int32]
    let nextOfLength: [Int32]
    /// The same paths in one list: those a pass that stops early has not found become unknown again.
    let topPaths: [Int32]
    /// For each such path, where its key's bytes start in the pool (by path number; -1 for others):
    /// the pass compares them without going through the path's range and the pool's key.
    let topKeyStarts: [Int32]
    /// What is known of every path before a payload is read: the one-key paths absent, since the pass
    /// over the top-level members finds those it has, and the others unknown. Copied in one go.
    let initialProbes: [Probe]

    /// `routes` with their readers, in file order; `bundleId` the app a payload naming one in the
    /// simulator's bundle key must name; `linkKey` the config's `pushLinkKey`. Without `dispatching`
    /// every payload tries every route in file order (what the dispatch is checked against).
    init(_ routes: [(route: Int, reader: PushParams)], bundleId: String? = nil, linkKey: String? = nil,
         dispatching: Bool = true) {
        var pool = PushKeyPool()
        var paths: [Range<Int>] = []
        var numbers: [[Substring]: Int32] = [:]
        func number(keys: [Substring], add: (inout PushKeyPool) -> Range<Int>) -> Int32 {
            if let known = numbers[keys] { return known }
            let number = Int32(paths.count)
            numbers[keys] = number
            paths.append(add(&pool))
            return number
        }
        func number(_ path: String) -> Int32 {
            number(keys: path.split(separator: ".", omittingEmptySubsequences: false)) { $0.add(path: path) }
        }
        var values: [JSONValue] = []
        func test(_ path: Int32, _ value: JSONValue) -> (Test, Expected) {
            let expected: Expected
            switch value {
            case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }): expected = .plainString(pool.add(ascii: text))
            case .bool(let flag): expected = .bool(flag)
            case .null: expected = .null
            default:
                expected = .value(values.count)
                values.append(value)
            }
            guard case .plainString(let bytes) = expected else { return (Test(path: path, start: 0, head: .none), expected) }
            return (Test(path: path, start: Int32(bytes.lowerBound), head: pool.head(of: bytes)), expected)
        }
        var spans: [Span] = []
        var tests: [Test] = []
        var expectations: [Expected] = []
        var paramPaths: [Int32] = []
        var dispatchTests: [[PushDispatch.Test]] = []
        for (route, reader) in routes {
            let firstTest = tests.count
            let firstParam = paramPaths.count
            var routeTests: [PushDispatch.Test] = []
            for (path, value) in reader.selector {
                let (test, expected) = test(number(path), value)
                tests.append(test)
                expectations.append(expected)
                if case .plainString = expected, case .string(let text) = value {
                    routeTests.append(PushDispatch.Test(path: test.path, plain: (text, test.start, test.head)))
                } else {
                    routeTests.append(PushDispatch.Test(path: test.path, plain: nil))
                }
            }
            dispatchTests.append(routeTests)
            paramPaths += reader.paths.map(number)
            spans.append(Span(route: Int32(route), firstTest: Int32(firstTest), endTest: Int32(tests.count),
                              firstParam: Int32(firstParam), endParam: Int32(paramPaths.count)))
        }
        let bundleKey = RoutingTable.simulatorBundleKey
        bundle = bundleId.map { id in
            let (test, expected) = test(number(keys: [bundleKey[...]]) { $0.add(key: bundleKey) }, .string(id))
            tests.append(test)
            expectations.append(expected)
            return tests.count - 1
        }
        let dispatch = dispatching ? PushDispatch(tests: dispatchTests) : nil
        if let dispatch {
            // A keyed route's test at the dispatch path holds for every payload it is tried on: put
            // first, it is the one test the route loop skips for such a route.
            for span in spans {
                let range = Int(span.firstTest)..<Int(span.endTest)
                guard let at = range.first(where: { tests[$0].path == dispatch.path && tests[$0].head != .none }) else { continue }
                tests.swapAt(range.lowerBound, at)
                expectations.swapAt(range.lowerBound, at)
            }
        }
        self.dispatch = dispatch
        self.spans = spans
        self.tests = tests
        self.expectations = expectations
        self.paramPaths = paramPaths
        var paramKeys: [UInt8] = []
        var paramKeyBounds: [Int32] = [0]
        for name in routes.flatMap(\.reader.names) {
            RouteParams.Builder.layOut(counted: name.utf8, into: &paramKeys)
            paramKeyBounds.append(Int32(paramKeys.count))
        }
        self.paramKeys = paramKeys
        self.paramKeyBounds = paramKeyBounds
        identities = routes.map { Int32($0.reader.identity ?? -1) }
        link = linkKey.map(number)
        self.values = values
        self.paths = paths
        self.pool = pool
        var topByLength: [Int32] = []
        var nextOfLength = [Int32](repeating: -1, count: paths.count)
        var topPaths: [Int32] = []
        var topKeyStarts = [Int32](repeating: -1, count: paths.count)
        for number in paths.indices.reversed() where paths[number].count == 1 {
            let key = pool.withContents { $1[paths[number].lowerBound] }
            guard key.ascii else { continue }
            let length = Int(key.end - key.start)
            if topByLength.count <= length { topByLength += repeatElement(-1, count: length + 1 - topByLength.count) }
            nextOfLength[number] = topByLength[length]
            topByLength[length] = Int32(number)
            topPaths.append(Int32(number))
            topKeyStarts[number] = key.start
        }
        self.topByLength = topByLength
        self.nextOfLength = nextOfLength
        self.topPaths = topPaths
        self.topKeyStarts = topKeyStarts
        initialProbes = topKeyStarts.map { $0 < 0 ? Probe.unknown : Probe(index: Probe.absent, headRead: false, head: .none) }
    }
}
