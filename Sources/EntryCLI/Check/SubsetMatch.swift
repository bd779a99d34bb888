import EntryRouter

/// Matches a received message against a scenario pattern.
///
/// A pattern matches when every key it names matches (other keys are ignored); a non-empty array
/// pattern matches when each of its elements matches some element of the value, in any order; an
/// empty array matches only an empty array. A string `"$name"` binds a variable on first use and
/// must equal the bound value afterwards, which lets a step refer to ids the daemon generated.
package struct SubsetMatch: Sendable {
    package private(set) var bindings: [String: JSONValue] = [:]

    package init() {}

    /// Whether `value` matches `pattern`; bindings are kept only when it does.
    package mutating func matches(_ pattern: JSONValue, _ value: JSONValue) -> Bool {
        var trial = bindings
        guard Self.match(pattern, value, &trial) else { return false }
        bindings = trial
        return true
    }

    /// `value` with every bound `"$name"` string replaced by its value (for requests to send).
    package func substituting(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s) where s.hasPrefix("$"): return bindings[String(s.dropFirst())] ?? value
        case .array(let items): return .array(items.map(substituting))
        case .object(let members): return .object(members.mapValues(substituting))
        default: return value
        }
    }

    private static func match(_ pattern: JSONValue, _ value: JSONValue, _ bindings: inout [String: JSONValue]) -> Bool {
        switch (pattern, value) {
        case (.string(let s), _) where s.hasPrefix("$") && s.count > 1:
            let name = String(s.dropFirst())
            if let bound = bindings[name] { return bound == value }
            bindings[name] = value
            return true
        case (.object(let expected), .object(let actual)):
            for (key, sub) in expected {
                guard let found = actual[key], match(sub, found, &bindings) else { return false }
            }
            return true
        case (.array(let expected), .array(let actual)):
            if expected.isEmpty { return actual.isEmpty }
            var unused = Array(actual.indices)
            for sub in expected {
                guard let hit = unused.firstIndex(where: { i in
                    var trial = bindings
                    guard match(sub, actual[i], &trial) else { return false }
                    bindings = trial
                    return true
                }) else { return false }
                unused.remove(at: hit)
            }
            return true
        default:
            return pattern == value
        }
    }
}
