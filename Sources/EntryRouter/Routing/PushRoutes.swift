/// The routes with a `push` selector, in file order, compiled together (SPEC §4).
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
    private struct Test: Sendable {
        let path: Int32
        let start: Int32
        let head: StringHead
    }

    /// One route: its index in the config, and its tests and its params' path numbers (ranges of
    /// `tests` and `paramPaths`), as 32-bit bounds so that the loop over the routes reads 20 bytes a route.
    private struct Span: Sendable {
        let route: Int32
        let firstTest: Int32
        let endTest: Int32
        let firstParam: Int32
        let endParam: Int32
    }

    private let spans: [Span]
    private let tests: [Test]
    /// Each test's value, by the index of the test (read only when its head does not decide).
    private let expectations: [Expected]
    private let values: [JSONValue]
    /// For each param of each route, in `PushParams.names` order, the number of its path.
    private let paramPaths: [Int32]
    /// Each param's name (by the index of its path in `paramPaths`) as `RouteParams` lays a key out,
    /// its length and then its bytes, end to end: param `i` is `paramKeys[paramKeyBounds[i] ..<
    /// paramKeyBounds[i + 1]]`, appended to the params in one copy, with no `String` read per push.
    /// Each route's identity param, as a position among its params (-1 for none). Plain arrays, not
    /// the routes' `PushParams`: reading them retains nothing.
    private let paramKeys: [UInt8]
    private let paramKeyBounds: [Int32]
    private let identities: [Int32]
    /// The distinct paths, each a range of keys of `pool`.
    private let paths: [Range<Int>]
    private let pool: PushKeyPool
    /// The simulator's bundle key and the config's bundle id, as a test that a payload holding the
    /// key must pass (`RoutingTable.simulatorBundleKey`): its index in `tests`, after every route's;
    /// nil when no bundle id is given.
    private let bundle: Int?
    /// The number of the `pushLinkKey` path, if the config has one.
    private let link: Int32?
    /// The routes by the string they require at one path, when some route requires one: the routes
    /// a payload is tried against (`PushDispatch`). Nil routes every payload by trying every route.
    private let dispatch: PushDispatch?
    /// The paths of one ASCII key (most are: `type`, `noticeId`) by the key's length: the first such
    /// path of each length, and after each path the next of the same length (-1 ends both). A payload's
    /// top-level members are matched against these in one pass (`scanTop`) instead of one pass per path.
    private let topByLength: [Int32]
    private let nextOfLength: [Int32]
    /// The same paths in one list: those a pass that stops early has not found become unknown again.
    private let topPaths: [Int32]
    /// For each such path, where its key's bytes start in the pool (by path number; -1 for others):
    /// the pass compares them without going through the path's range and the pool's key.
    private let topKeyStarts: [Int32]
    /// What is known of every path before a payload is read: the one-key paths absent, since the pass
    /// over the top-level members finds those it has, and the others unknown. Copied in one go.
    private let initialProbes: [Probe]

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

    /// The first route whose selector matches `payload`: its index in the config, its params and the
    /// value of its identity param (`PushParams.identity`).
    struct Match {
        var route: Int
        var params: RouteParams
        var identity: String?
    }

    /// What a payload routes to, as far as its selectors and keys tell.
    enum Outcome {
        /// The simulator's bundle key names another app: the member that does.
        case wrongBundle(member: Int)
        /// The push link key holds a string: that string, the URL to route.
        case link(String)
        case match(Match)
        /// No route's selector matches.
        case none
    }

    /// Checks `payload`'s bundle key, then its link key, then finds the first route whose selector
    /// matches and reads its params.
    func route(_ payload: PushPayload) -> Outcome {
        withUnsafeTemporaryAllocation(of: Probe.self, capacity: paths.count) { probes in
            _ = probes.initialize(fromContentsOf: initialProbes)
            return payload.withLookup(in: pool) { lookup in
                tests.withUnsafeBufferPointer { tests in
                    spans.withUnsafeBufferPointer { spans in
                        route(payload, lookup, Tables(tests: tests, spans: spans), probes)
                    }
                }
            }
        }
    }

    /// The tests and the spans, read through pointers: every test index a span holds was made with
    /// the test, and every path number a test holds with the path (`init`), so these reads need no
    /// bounds checks of their own.
    private struct Tables {
        let tests: UnsafeBufferPointer<Test>
        let spans: UnsafeBufferPointer<Span>
    }

    private func route(_ payload: PushPayload, _ lookup: PushLookup, _ tables: Tables,
                       _ probes: UnsafeMutableBufferPointer<Probe>) -> Outcome {
        scanTop(lookup, probes)
        if let bundle, let member = probe(Int(tables.tests[bundle].path), lookup, probes).member,
           !holds(bundle, member, tables, payload, lookup, probes) {
            return .wrongBundle(member: member)
        }
        if let link, let member = probe(Int(link), lookup, probes).member, let url = payload.string(at: member) {
            return .link(url)
        }
        guard let position = firstMatch(tables, payload, lookup, probes) else { return .none }
        return .match(params(of: tables.spans[position], at: position, payload, lookup, probes))
    }

    /// The position of the first route in file order whose selector matches `payload`: among the
    /// routes `dispatch` leaves for the payload's member at its path, else among all.
    @inline(__always)
    private func firstMatch(_ tables: Tables, _ payload: PushPayload, _ lookup: PushLookup,
                            _ probes: UnsafeMutableBufferPointer<Probe>) -> Int? {
        if let dispatch {
            let path = Int(dispatch.path)
            var keyed = 0..<0
            if let member = probe(path, lookup, probes).member {
                let head = head(path, member, lookup, probes)
                if head.isEscaped { return firstMatchInOrder(tables, payload, lookup, probes) }
                if head != .none { keyed = dispatch.keyedRoutes(for: head, at: member, lookup) }
            }
            return dispatch.firstRoute(keyed: keyed) { position, isKeyed in
                matches(tables.spans[position], from: isKeyed ? 1 : 0, tables, payload, lookup, probes)
            }
        }
        return firstMatchInOrder(tables, payload, lookup, probes)
    }

    /// `firstMatch` trying every route: the rule itself, for configs without a dispatch path and for
    /// payload strings that equal a selector's only as text.
    private func firstMatchInOrder(_ tables: Tables, _ payload: PushPayload, _ lookup: PushLookup,
                                   _ probes: UnsafeMutableBufferPointer<Probe>) -> Int? {
        tables.spans.indices.first { matches(tables.spans[$0], from: 0, tables, payload, lookup, probes) }
    }

    /// The match of the route of `span`, the route at `position`: its params read from `payload` (a
    /// member that is missing or holds null, an array or an object gives no param) and its identity
    /// param's value. The params are read in name order and laid out as they are read: each name as it
    /// was laid out when the table was built, a plain string (ASCII, no escapes) copied from the
    /// payload's text, with no string made for it but the identity value the match hands on.
    private func params(of span: Span, at position: Int, _ payload: PushPayload, _ lookup: PushLookup,
                        _ probes: UnsafeMutableBufferPointer<Probe>) -> Match {
        var match = Match(route: Int(span.route), params: RouteParams(), identity: nil)
        guard span.firstParam < span.endParam else { return match }
        let identity = Int(span.firstParam) + Int(identities[position])
        match.params = paramKeys.withUnsafeBufferPointer { keys in
            RouteParams.build { builder in
                var param = Int(span.firstParam)
                while param < Int(span.endParam) {
                    defer { param &+= 1 }
                    guard let member = probe(Int(paramPaths[param]), lookup, probes).member else { continue }
                    let key = UnsafeBufferPointer(rebasing: keys[Int(paramKeyBounds[param])..<Int(paramKeyBounds[param &+ 1])])
                    let found = lookup.members[member]
                    if found.kind == .string, found.valuePlain {
                        let value = UnsafeBufferPointer(rebasing: lookup.text[Int(found.valueStart) + 1..<Int(found.valueEnd) - 1])
                        if param == identity { match.identity = ShortASCII.string(value) }
                        builder.append(laidOut: key)
                        builder.append(counted: value)
                    } else if let text = payload.paramText(at: member) {
                        if param == identity { match.identity = text }
                        builder.append(laidOut: key)
                        text.withUTF8Bytes { builder.append(counted: $0) }
                    }
                }
            }
        }
        return match
    }

    /// Finds the payload's top-level members whose keys are the one-key paths (`topByLength`), in one
    /// pass over those members: the first member of each key is its path's probe, and a path no member
    /// has stays absent (`initialProbes`). A key that is not plain can equal a path's key only as text:
    /// the pass stops there, and the paths it has not found yet become unknown, looked up one by one
    /// when needed, as deeper paths are.
    @inline(__always)
    private func scanTop(_ lookup: PushLookup, _ probes: UnsafeMutableBufferPointer<Probe>) {
        guard lookup.isObject, !topByLength.isEmpty else { return }
        var index = 0
        while index < lookup.members.count {
            let member = lookup.members[index]
            guard member.keyPlain else {
                for number in topPaths where probes[Int(number)].index == Probe.absent {
                    probes[Int(number)].index = Probe.unknown.index
                }
                return
            }
            let length = Int(member.keyEnd &- member.keyStart)
            if length < topByLength.count {
                var number = Int(topByLength[length])
                while number >= 0 {
                    if PushLookup.equal(lookup.bytes, from: Int(topKeyStarts[number]), lookup.text,
                                        from: Int(member.keyStart), count: length) {
                        // The paths' keys differ, so no other path of the chain has this key.
                        if probes[number].index == Probe.absent { probes[number].index = Int32(index) }
                        break
                    }
                    number = Int(nextOfLength[number])
                }
            }
            index = Int(member.subtreeEnd)
        }
    }

    /// What is known of the member at one path, once looked up: its index (or `absent`), and, once a
    /// test has needed it, its `StringHead` (params never need it).
    private struct Probe {
        var index: Int32
        var headRead: Bool
        var head: StringHead

        static let unknown = Probe(index: -2, headRead: false, head: .none)
        static let absent: Int32 = -1

        var member: Int? { index < 0 ? nil : Int(index) }
    }

    /// Whether every test of `span` from its `skipped`th holds in `payload` (the tests before it are
    /// known to hold: a keyed route's first test is its dispatch test). Inlined into the loop over the
    /// routes: the usual miss costs a few comparisons, less than a call.
    @inline(__always)
    private func matches(_ span: Span, from skipped: Int, _ tables: Tables, _ payload: PushPayload, _ lookup: PushLookup,
                         _ probes: UnsafeMutableBufferPointer<Probe>) -> Bool {
        var position = Int(span.firstTest) &+ skipped
        while position < Int(span.endTest) {
            guard let member = probe(Int(tables.tests[position].path), lookup, probes).member,
                  holds(position, member, tables, payload, lookup, probes) else { return false }
            position &+= 1
        }
        return true
    }

    /// Whether test `position` holds for `member`, the member at its path. A plain string's head is
    /// compared here; everything rarer is in `holdsSlowly`, out of line, so that this stays small
    /// enough to inline into the loop over the routes.
    @inline(__always)
    private func holds(_ position: Int, _ member: Int, _ tables: Tables, _ payload: PushPayload, _ lookup: PushLookup,
                       _ probes: UnsafeMutableBufferPointer<Probe>) -> Bool {
        let test = tables.tests[position]
        guard test.head != .none else { return holdsSlowly(position, member, payload, lookup) }
        let head = head(Int(test.path), member, lookup, probes)
        if head == test.head {
            let count = Int(test.head.length)
            return count <= StringHead.width || lookup.plainString(at: member, endsAs: Int(test.start)..<Int(test.start) + count)
        }
        // An escaped or non-ASCII string compares as text; any other head differs from the selector's bytes.
        return head.isEscaped && holdsSlowly(position, member, payload, lookup)
    }

    /// The `StringHead` of `member`, the member at path `path`, read on first use and remembered in `probes`.
    @inline(__always)
    private func head(_ path: Int, _ member: Int, _ lookup: PushLookup, _ probes: UnsafeMutableBufferPointer<Probe>) -> StringHead {
        if !probes[path].headRead {
            probes[path].head = lookup.stringHead(at: member)
            probes[path].headRead = true
        }
        return probes[path].head
    }

    /// `holds` for a test of anything but a plain payload string, comparing values.
    @inline(never)
    private func holdsSlowly(_ position: Int, _ member: Int, _ payload: PushPayload, _ lookup: PushLookup) -> Bool {
        switch expectations[position] {
        case .plainString(let bytes): return payload.value(of: member) == .string(pool.string(in: bytes))
        case .bool(let flag): return lookup.members[member].kind == (flag ? .true : .false)
        case .null: return lookup.members[member].kind == .null
        case .value(let index): return payload.value(of: member) == values[index]
        }
    }

    /// The member at path `number`, looked up on first use and remembered in `probes`.
    @inline(__always)
    private func probe(_ number: Int, _ lookup: PushLookup, _ probes: UnsafeMutableBufferPointer<Probe>) -> Probe {
        if probes[number].index == Probe.unknown.index {
            probes[number].index = lookup.member(at: paths[number]).map(Int32.init) ?? Probe.absent
        }
        return probes[number]
    }
}
