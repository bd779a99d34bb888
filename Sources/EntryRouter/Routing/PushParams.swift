/// Reading push payloads for routing: `push` selectors and `params` key paths (SPEC §4).
///
/// A route's selector and params are compiled once, when the table is built: each dotted key path
/// is split into its keys then, so that routing a payload costs dictionary lookups only, with no
/// path splitting and no key strings made per request.
struct PushParams: Sendable {
    /// A dotted key path (`inviter.name`) split into its keys.
    struct KeyPath: Sendable {
        let keys: [String]

        init(_ path: String) {
            keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }

        /// The value at this path, or nil when any step is missing or not an object.
        func value(in payload: JSONValue) -> JSONValue? {
            var current = payload
            for key in keys {
                guard case .object(let members) = current, let next = members[key] else { return nil }
                current = next
            }
            return current
        }
    }

    private let selector: [(path: KeyPath, value: JSONValue)]
    private let params: [(name: String, path: KeyPath)]

    init(selector: [String: JSONValue], params: [String: String]) {
        self.selector = selector.map { (KeyPath($0.key), $0.value) }
        self.params = params.map { ($0.key, KeyPath($0.value)) }
    }

    /// Whether every key path of the selector holds exactly the selector's value in `payload`.
    func matches(_ payload: JSONValue) -> Bool {
        selector.allSatisfy { $0.path.value(in: payload) == $0.value }
    }

    /// The route's params read from the payload; a path that is missing or holds null, an array or
    /// an object gives no param.
    func read(from payload: JSONValue) -> [String: String] {
        var out: [String: String] = [:]
        out.reserveCapacity(params.count)
        for (name, path) in params {
            if let value = path.value(in: payload).flatMap(Self.text) { out[name] = value }
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
