/// Reading push payloads for routing: `push` selectors and `params` key paths (SPEC §4).
///
/// A route's selector and params are compiled once, when the table is built: each dotted key path
/// is split into its keys, and each key and selector string that is ASCII keeps its bytes, so that
/// routing a payload compares bytes of its text (`PushPayload+Lookup.swift`), with no path
/// splitting, no hashing and no strings made per request.
struct PushParams: Sendable {
    /// One key of a key path: its text, and its bytes when it is ASCII (compared as bytes then).
    struct Key: Sendable {
        let text: String
        let ascii: [UInt8]?

        init(_ text: String) {
            self.text = text
            ascii = text.utf8.allSatisfy { $0 < 0x80 } ? Array(text.utf8) : nil
        }
    }

    /// A dotted key path (`inviter.name`) split into its keys.
    struct KeyPath: Sendable {
        let keys: [Key]

        init(_ path: String) {
            keys = path.split(separator: ".", omittingEmptySubsequences: false).map { Key(String($0)) }
        }

        init(keys: [Key]) {
            self.keys = keys
        }
    }

    /// A selector's value, in the form cheapest to compare with a payload's member.
    enum Expected: Sendable {
        /// An ASCII string, as bytes.
        case plainString([UInt8])
        case bool(Bool)
        case null
        /// Anything else (numbers, other strings, arrays, objects), compared as values.
        case value(JSONValue)

        init(_ value: JSONValue) {
            switch value {
            case .string(let text) where text.utf8.allSatisfy({ $0 < 0x80 }): self = .plainString(Array(text.utf8))
            case .bool(let flag): self = .bool(flag)
            case .null: self = .null
            default: self = .value(value)
            }
        }
    }

    private let selector: [(path: KeyPath, value: Expected)]
    private let params: [(name: String, path: KeyPath)]

    init(selector: [String: JSONValue], params: [String: String]) {
        self.selector = selector.map { (KeyPath($0.key), Expected($0.value)) }
        self.params = params.map { ($0.key, KeyPath($0.value)) }
    }

    /// Whether every key path of the selector holds exactly the selector's value in `payload`.
    func matches(_ payload: PushPayload) -> Bool {
        selector.allSatisfy { selector in
            guard let member = payload.member(at: selector.path) else { return false }
            return payload.holds(selector.value, at: member)
        }
    }

    /// The route's params read from the payload; a path that is missing or holds null, an array or
    /// an object gives no param.
    func read(from payload: PushPayload) -> [String: String] {
        var out: [String: String] = [:]
        out.reserveCapacity(params.count)
        for (name, path) in params {
            if let member = payload.member(at: path), let value = payload.paramText(at: member) { out[name] = value }
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
