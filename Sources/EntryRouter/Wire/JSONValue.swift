/// A JSON value as it travels on the wire and inside push payloads.
///
/// Objects keep their keys in a dictionary: the protocol never depends on key order,
/// and encoders that care about order (replies, events) write their keys themselves.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as its nearest `Double`: exact for every integer of magnitude below 2^53.
    case number(Double)
    /// An integer within `Int64` that its nearest `Double` is not (9007199254740993, whose `Double`
    /// is 9007199254740992). Parsers make it from the number's text (`JSONValue.number(_:text:)`) only
    /// then, so that a number has one value and a `req` comes back and a param reads exactly as sent.
    case largeInteger(Int64)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The value at a dotted key path (`inviter.name`), or nil when any step is missing.
    public subscript(path path: String) -> JSONValue? {
        var current: JSONValue? = self
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(key)]
        }
        return current
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
