import EntryRouter

/// A JSON value, as the engine parses and writes it: the client uses the engine's parser and writer
/// rather than a second pair, so a number or a string reads the same on both sides of the socket.
public typealias JSONValue = EntryRouter.JSONValue

/// An entry's or an event's params: the route's param names and their values.
public typealias Params = [String: JSONValue]

/// Reading the daemon's lines: required members throw, naming the member, and anything else the
/// line carries is ignored, so that a newer daemon may add members (events gain fields).
struct Members {
    let object: [String: JSONValue]
    let line: String

    init(_ value: JSONValue, line: String) throws(EntryClientError) {
        guard case .object(let members) = value else { throw .badReply(line: line, reason: "not a JSON object") }
        object = members
        self.line = line
    }

    func string(_ key: String) throws(EntryClientError) -> String {
        guard let value = object[key]?.stringValue else { throw .badReply(line: line, reason: "no string `\(key)`") }
        return value
    }

    func optionalString(_ key: String) -> String? { object[key]?.stringValue }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = object[key] { return value }
        return nil
    }

    func int(_ key: String) -> Int? {
        switch object[key] {
        case .number(let value)?: Int(exactly: value)
        case .largeInteger(let value)?: Int(exactly: value)
        default: nil
        }
    }

    func double(_ key: String) -> Double? {
        switch object[key] {
        case .number(let value)?: value
        case .largeInteger(let value)?: Double(value)
        default: nil
        }
    }

    func params(_ key: String) -> Params {
        if case .object(let members)? = object[key] { return members }
        return [:]
    }

    func strings(_ key: String) -> [String] {
        guard case .array(let items)? = object[key] else { return [] }
        return items.compactMap(\.stringValue)
    }

    func members(_ key: String) throws(EntryClientError) -> Members? {
        guard let value = object[key], value != .null else { return nil }
        return try Members(value, line: line)
    }

    func array(_ key: String) throws(EntryClientError) -> [Members] {
        guard case .array(let items)? = object[key] else { return [] }
        var result: [Members] = []
        for item in items { result.append(try Members(item, line: line)) }
        return result
    }
}
