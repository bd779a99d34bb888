/// The routes with a `push` selector, in file order, compiled together (SPEC §4).
///
/// Selectors mostly test the same key: every sample route tests `type`. Compiled one by one, each
/// route looked that key up in the payload again. Here every distinct key path that a selector tests
/// or a param reads is numbered when the table is built, and routing a payload looks each number up
/// at most once, when a route first needs it; the routes after it compare the member found. Tests
/// and spans are plain values in flat arrays, read in place: trying a route counts no references.
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

    /// One member a selector requires: the number of its path and its value. An ASCII string also
    /// keeps its length and its first eight bytes as a word (`StringHead`), so that a payload's string
    /// of another value is told apart by two comparisons: routes mostly test one key (`type`) against
    /// strings that differ in their length or first bytes.
    private struct Test: Sendable {
        let path: Int32
        let head: StringHead
        let expected: Expected
    }

    /// One route: its index in the config, and its tests and its params' path numbers (ranges of
    /// `tests` and `paramPaths`).
    private struct Span: Sendable {
        let route: Int
        let tests: Range<Int>
        let params: Range<Int>
    }

    private let spans: [Span]
    private let tests: [Test]
    private let values: [JSONValue]
    /// For each param of each route, in `PushParams.names` order, the number of its path.
    private let paramPaths: [Int32]
    /// Each route's params dictionary, read only for the route that matched.
    private let readers: [PushParams]
    /// The distinct paths, each a range of keys of `pool`.
    private let paths: [Range<Int>]
    private let pool: PushKeyPool

    init(_ routes: [(route: Int, reader: PushParams)]) {
        var pool = PushKeyPool()
        var paths: [Range<Int>] = []
        var numbers: [[Substring]: Int32] = [:]
        func number(_ path: String) -> Int32 {
            let keys = path.split(separator: ".", omittingEmptySubsequences: false)
            if let known = numbers[keys] { return known }
            let number = Int32(paths.count)
            numbers[keys] = number
            paths.append(pool.add(path: path))
            return number
        }
        var spans: [Span] = []
        var tests: [Test] = []
        var values: [JSONValue] = []
        var paramPaths: [Int32] = []
        for (route, reader) in routes {
            let firstTest = tests.count
            let firstParam = paramPaths.count
            for (path, value) in reader.selector {
                let expected: Expected
                switch value {
                case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }): expected = .plainString(pool.add(ascii: text))
                case .bool(let flag): expected = .bool(flag)
                case .null: expected = .null
                default:
                    expected = .value(values.count)
                    values.append(value)
                }
                var head = StringHead.none
                if case .plainString(let bytes) = expected { head = pool.head(of: bytes) }
                tests.append(Test(path: number(path), head: head, expected: expected))
            }
            paramPaths += reader.paths.map(number)
            spans.append(Span(route: route, tests: firstTest..<tests.count, params: firstParam..<paramPaths.count))
        }
        self.spans = spans
        self.tests = tests
        self.values = values
        self.paramPaths = paramPaths
        readers = routes.map(\.reader)
        self.paths = paths
        self.pool = pool
    }

    /// The first route whose selector matches `payload`: its index in the config, its params and the
    /// value of its identity param (`PushParams.identity`).
    struct Match {
        var route: Int
        var params: [String: String]
        var identity: String?
    }

    /// The first route whose selector matches `payload`, and its params; nil when none does.
    func match(_ payload: PushPayload) -> Match? {
        guard !spans.isEmpty else { return nil }
        return withUnsafeTemporaryAllocation(of: Probe.self, capacity: paths.count) { probes in
            probes.initialize(repeating: Probe.unknown)
            return tests.withUnsafeBufferPointer { tests in
                for position in spans.indices where matches(spans[position].tests, of: tests, payload, probes) {
                    let params = spans[position].params
                    var identity: String?
                    let values = readers[position].read(from: payload, identity: &identity) { param in
                        probe(Int(paramPaths[params.lowerBound + param]), of: payload, probes).member
                    }
                    return Match(route: spans[position].route, params: values, identity: identity)
                }
                return nil
            }
        }
    }

    /// What is known of the member at one path, once looked up: its index (or `absent`), and when it
    /// is a string, its `StringHead`.
    private struct Probe {
        var index: Int32
        var head: StringHead

        static let unknown = Probe(index: -2, head: .none)
        static let absent: Int32 = -1

        var member: Int? { index < 0 ? nil : Int(index) }
    }

    /// Whether every test in `range` holds in `payload`. Inlined into the loop over the routes: the
    /// usual miss costs a few comparisons, less than a call.
    @inline(__always)
    private func matches(_ range: Range<Int>, of tests: UnsafeBufferPointer<Test>, _ payload: PushPayload,
                         _ probes: UnsafeMutableBufferPointer<Probe>) -> Bool {
        for position in range {
            let probe = probe(Int(tests[position].path), of: payload, probes)
            guard let member = probe.member else { return false }
            switch tests[position].expected {
            case .plainString(let bytes):
                if probe.head == tests[position].head {
                    guard bytes.count > StringHead.width else { continue }
                    guard payload.plainString(at: member, endsAs: bytes, of: pool) else { return false }
                } else if !probe.head.isEscaped || payload.value(of: member) != .string(pool.string(in: bytes)) {
                    // An escaped or non-ASCII string compares as text; any other head differs from the
                    // selector's bytes.
                    return false
                }
            case .bool(let flag):
                guard payload.kind(at: member) == (flag ? .true : .false) else { return false }
            case .null:
                guard payload.kind(at: member) == .null else { return false }
            case .value(let index):
                guard payload.value(of: member) == values[index] else { return false }
            }
        }
        return true
    }

    /// The member at path `number`, looked up on first use and remembered in `probes`.
    @inline(__always)
    private func probe(_ number: Int, of payload: PushPayload, _ probes: UnsafeMutableBufferPointer<Probe>) -> Probe {
        if probes[number].index == Probe.unknown.index {
            if let member = payload.member(at: paths[number], in: pool) {
                probes[number] = Probe(index: Int32(member), head: payload.stringHead(at: member))
            } else {
                probes[number].index = Probe.absent
            }
        }
        return probes[number]
    }
}
