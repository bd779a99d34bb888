/// Reading push payloads for routing: `push` selectors and `params` key paths (SPEC §4).
enum PushParams {
    /// Whether every key path of `selector` holds exactly the selector's value in `payload`.
    static func matches(_ selector: [String: JSONValue], _ payload: JSONValue) -> Bool {
        selector.allSatisfy { path, value in payload[path: path] == value }
    }

    /// The route's params read from the payload; a path that is missing or holds null, an array or
    /// an object gives no param.
    static func read(_ params: [String: String], from payload: JSONValue) -> [String: String] {
        var out: [String: String] = [:]
        for (name, path) in params {
            if let value = payload[path: path].flatMap(text) { out[name] = value }
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
