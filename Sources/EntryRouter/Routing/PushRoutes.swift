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

    /// One member a selector requires: the number of its path and its value.
    private struct Test: Sendable {
        let path: Int32
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

    /// A path not looked up yet, and one the payload does not have.
    private static let unknown: Int32 = -2
    private static let absent: Int32 = -1

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
                tests.append(Test(path: number(path), expected: expected))
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

    /// The first route whose selector matches `payload`, and its params; nil when none does.
    func match(_ payload: PushPayload) -> (route: Int, params: [String: String])? {
        guard !spans.isEmpty else { return nil }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: paths.count) { found in
            found.initialize(repeating: Self.unknown)
            for position in spans.indices where matches(spans[position].tests, payload, found) {
                let params = spans[position].params
                let values = readers[position].read(from: payload) { param in
                    member(Int(paramPaths[params.lowerBound + param]), of: payload, found)
                }
                return (spans[position].route, values)
            }
            return nil
        }
    }

    /// Whether every test in `range` holds in `payload`.
    private func matches(_ range: Range<Int>, _ payload: PushPayload, _ found: UnsafeMutableBufferPointer<Int32>) -> Bool {
        for position in range {
            guard let member = member(Int(tests[position].path), of: payload, found) else { return false }
            switch tests[position].expected {
            case .plainString(let bytes):
                guard payload.holdsString(bytes, of: pool, at: member) else { return false }
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

    /// The member at path `number`, looked up on first use and remembered in `found`.
    private func member(_ number: Int, of payload: PushPayload, _ found: UnsafeMutableBufferPointer<Int32>) -> Int? {
        let known = found[number]
        if known == Self.unknown {
            let member = payload.member(at: paths[number], in: pool)
            found[number] = member.map { Int32($0) } ?? Self.absent
            return member
        }
        return known == Self.absent ? nil : Int(known)
    }
}
