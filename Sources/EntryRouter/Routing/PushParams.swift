/// Reading push payloads for routing: `push` selectors and `params` key paths (SPEC §4).
///
/// A route's selector and params are compiled once, when the table is built: each dotted key path
/// is split into its keys, and the keys and the selector's ASCII strings go into one byte pool
/// (`PushKeyPool`), so that routing a payload compares bytes of its text (`PushPayload+Lookup.swift`),
/// with no path splitting, no hashing, no strings made and no references counted per request.
///
/// A class, and so is `KeyPath`: the routing table holds them in arrays of tuples and optionals,
/// and reading one from there copies it; a copy of a class is one retain, while a copy of a struct
/// of arrays retained each array through the generic value witnesses.
final class PushParams: Sendable {
    /// A dotted key path compiled on its own (the push link key, the simulator's bundle key).
    final class KeyPath: Sendable {
        let pool: PushKeyPool
        let keys: Range<Int>

        /// `path` split at its dots (`inviter.name`).
        convenience init(_ path: String) {
            var pool = PushKeyPool()
            let keys = pool.add(path: path)
            self.init(pool: pool, keys: keys)
        }

        /// `key` as a path of one key, dots and all (a factory rather than an initializer, so that
        /// `KeyPath.init` stays unambiguous).
        static func single(_ key: String) -> KeyPath {
            var pool = PushKeyPool()
            let keys = pool.add(key: key)
            return KeyPath(pool: pool, keys: keys)
        }

        private init(pool: PushKeyPool, keys: Range<Int>) {
            self.pool = pool
            self.keys = keys
        }
    }

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

    /// One member the selector requires.
    private struct Test: Sendable {
        let keys: Range<Int>
        let expected: Expected
    }

    /// One param and the path it is read from.
    private struct Param: Sendable {
        let name: String
        let keys: Range<Int>
    }

    private let pool: PushKeyPool
    private let tests: [Test]
    private let values: [JSONValue]
    private let params: [Param]

    init(selector: [String: JSONValue], params: [String: String]) {
        var pool = PushKeyPool()
        var tests: [Test] = []
        var values: [JSONValue] = []
        for (path, value) in selector {
            let keys = pool.add(path: path)
            let expected: Expected
            switch value {
            case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }): expected = .plainString(pool.add(ascii: text))
            case .bool(let flag): expected = .bool(flag)
            case .null: expected = .null
            default:
                expected = .value(values.count)
                values.append(value)
            }
            tests.append(Test(keys: keys, expected: expected))
        }
        self.params = params.map { Param(name: $0.key, keys: pool.add(path: $0.value)) }
        self.pool = pool
        self.tests = tests
        self.values = values
    }

    /// Whether every key path of the selector holds exactly the selector's value in `payload`.
    func matches(_ payload: PushPayload) -> Bool {
        for position in tests.indices {
            guard let member = payload.member(at: tests[position].keys, in: pool) else { return false }
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

    /// The route's params read from the payload; a path that is missing or holds null, an array or
    /// an object gives no param.
    func read(from payload: PushPayload) -> [String: String] {
        // Not reserved: `reserveCapacity` and `init(minimumCapacity:)` are not specialized and look
        // up the dictionary's generic metadata, which costs more than growing on the first insert.
        var out: [String: String] = [:]
        for position in params.indices {
            if let member = payload.member(at: params[position].keys, in: pool), let value = payload.paramText(at: member) {
                out[params[position].name] = value
            }
        }
        return out
    }

    /// The param text of a scalar: strings as they are, integral numbers without a fraction
    /// (`42`, not `42.0`, as senders of ids expect), other numbers in Swift's shortest form,
    /// booleans as `true`/`false`.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if abs(n) < 9_007_199_254_740_992, Double(Int64(n)) == n { return String(Int64(n)) }
            return String(n)
        case .null, .array, .object: return nil
        }
    }
}
