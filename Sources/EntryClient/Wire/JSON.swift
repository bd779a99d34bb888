import EntryRouter

/// A JSON value, as the engine parses and writes it: the client uses the engine's parser and writer
/// rather than a second pair, so a number or a string reads the same on both sides of the socket.
public typealias JSONValue = EntryRouter.JSONValue

/// An entry's or an event's params: the route's param names and their values.
public typealias Params = [String: JSONValue]

/// Reading the daemon's lines: required members throw, naming the member, and anything else the
/// line carries is ignored, so that a newer daemon may add members (events gain fields). Members are
/// named as the engine's vocabulary declares them (`MessageMember`), so the client spells none.
struct Members {
    let object: [String: JSONValue]
    let line: String

    init(_ value: JSONValue, line: String) throws(EntryClientError) {
        guard case .object(let members) = value else { throw .badReply(line: line, reason: "not a JSON object") }
        object = members
        self.line = line
    }

    func string(_ member: MessageMember) throws(EntryClientError) -> String {
        guard let value = object[member.rawValue]?.stringValue else {
            throw .badReply(line: line, reason: "no string `\(member.rawValue)`")
        }
        return value
    }

    func optionalString(_ member: MessageMember) -> String? { object[member.rawValue]?.stringValue }

    func bool(_ member: MessageMember) -> Bool? {
        if case .bool(let value)? = object[member.rawValue] { return value }
        return nil
    }

    func int(_ member: MessageMember) -> Int? {
        switch object[member.rawValue] {
        case .number(let value)?: Int(exactly: value)
        case .largeInteger(let value)?: Int(exactly: value)
        default: nil
        }
    }

    func double(_ member: MessageMember) -> Double? {
        switch object[member.rawValue] {
        case .number(let value)?: value
        case .largeInteger(let value)?: Double(value)
        default: nil
        }
    }

    func params(_ member: MessageMember) -> Params {
        if case .object(let members)? = object[member.rawValue] { return members }
        return [:]
    }

    func strings(_ member: MessageMember) -> [String] { strings(member.rawValue) }

    /// The strings of a member named by the line's data, not the protocol (a tab of `stacks`).
    func strings(_ key: String) -> [String] {
        guard case .array(let items)? = object[key] else { return [] }
        return items.compactMap(\.stringValue)
    }

    func members(_ member: MessageMember) throws(EntryClientError) -> Members? {
        guard let value = object[member.rawValue], value != .null else { return nil }
        return try Members(value, line: line)
    }

    func array(_ member: MessageMember) throws(EntryClientError) -> [Members] {
        guard case .array(let items)? = object[member.rawValue] else { return [] }
        var result: [Members] = []
        for item in items { result.append(try Members(item, line: line)) }
        return result
    }
}
