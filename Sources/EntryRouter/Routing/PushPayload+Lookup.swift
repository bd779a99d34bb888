/// Reading a payload's members for routing, from its text and index (SPEC §4).
///
/// A member is found by comparing key bytes with the key path's compiled keys; a value is compared
/// with a selector's compiled value, or turned into a param, without building the payload's tree.
/// Keys and strings that are not plain (escapes, non-ASCII) are compared as `String`s, so every
/// comparison gives what comparing `JSONValue`s gave.
extension PushPayload {
    /// The index of the member at `path`, or nil when a step is missing or not an object.
    func member(at path: PushParams.KeyPath) -> Int? {
        guard kind == .object else { return nil }
        var start = 0
        var end = members.count
        var found: Int?
        for key in path.keys {
            if let parent = found {
                guard members[parent].kind == .object else { return nil }
                start = parent + 1
                end = Int(members[parent].subtreeEnd)
            }
            guard let next = find(key, from: start, to: end) else { return nil }
            found = next
        }
        return found
    }

    /// The top-level member `key` as a value, or nil when the payload has none (or is no object).
    public subscript(key: String) -> JSONValue? {
        member(at: PushParams.KeyPath(keys: [PushParams.Key(key)])).map(value(of:))
    }

    private func find(_ key: PushParams.Key, from start: Int, to end: Int) -> Int? {
        text.withUnsafeBufferPointer { text in
            var index = start
            while index < end {
                let member = members[index]
                if member.keyPlain, let ascii = key.ascii {
                    if Self.equal(text, Int(member.keyStart), Int(member.keyEnd), ascii) { return index }
                } else if JSONParser.validatedString(in: text, at: Int(member.keyStart) - 1) == key.text {
                    return index
                }
                index = Int(member.subtreeEnd)
            }
            return nil
        }
    }

    /// Whether the member at `index` holds `expected`.
    func holds(_ expected: PushParams.Expected, at index: Int) -> Bool {
        let member = members[index]
        switch expected {
        case .plainString(let ascii):
            guard member.kind == .string else { return false }
            guard member.valuePlain else { return value(of: index) == .string(String(decoding: ascii, as: UTF8.self)) }
            return text.withUnsafeBufferPointer {
                Self.equal($0, Int(member.valueStart) + 1, Int(member.valueEnd) - 1, ascii)
            }
        case .bool(let flag):
            return member.kind == (flag ? .true : .false)
        case .null:
            return member.kind == .null
        case .value(let value):
            return self.value(of: index) == value
        }
    }

    /// The string at `index`, or nil for any other kind.
    func string(at index: Int) -> String? {
        let member = members[index]
        guard member.kind == .string else { return nil }
        return text.withUnsafeBufferPointer { text in
            guard member.valuePlain else { return JSONParser.validatedString(in: text, at: Int(member.valueStart)) }
            let start = Int(member.valueStart) + 1
            let end = Int(member.valueEnd) - 1
            return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
        }
    }

    /// The param text of the member at `index` (see `PushParams.text`): nil for null, arrays and objects.
    func paramText(at index: Int) -> String? {
        switch members[index].kind {
        case .string: return string(at: index)
        case .true: return "true"
        case .false: return "false"
        case .number: return PushParams.text(value(of: index))
        case .null, .array, .object: return nil
        }
    }

    /// The value of the member at `index`, parsed from its text.
    func value(of index: Int) -> JSONValue {
        let member = members[index]
        return text.withUnsafeBufferPointer {
            JSONParser.validatedValue(UnsafeBufferPointer(rebasing: $0[Int(member.valueStart)..<Int(member.valueEnd)]))
        }
    }

    private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ ascii: [UInt8]) -> Bool {
        guard end - start == ascii.count else { return false }
        return ascii.withUnsafeBufferPointer { ascii in
            for k in 0..<ascii.count where text[start + k] != ascii[k] { return false }
            return true
        }
    }
}
