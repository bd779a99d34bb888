/// Reading a payload's members for routing, from its text and index (SPEC §4).
///
/// A member is found by comparing key bytes with the key path's compiled keys; a value is compared
/// with a selector's compiled value, or turned into a param, without building the payload's tree.
/// Keys and strings that are not plain (escapes, non-ASCII) are compared as `String`s, so every
/// comparison gives what comparing `JSONValue`s gave. Everything here reads the arrays in place, by
/// index: no element bound to a variable that would need its references retained.
extension PushPayload {
    /// The index of the member at `path`, or nil when a step is missing or not an object.
    func member(at path: PushParams.KeyPath) -> Int? {
        member(at: path.keys, in: path.pool)
    }

    /// The index of the member whose path is `keys` of `pool`, or nil when a step is missing or not
    /// an object. The index, the text and the pool are read through pointers taken once, so a step
    /// that misses costs a length comparison, not a bounds check and a retain per byte.
    func member(at keys: Range<Int>, in pool: PushKeyPool) -> Int? {
        guard kind == .object else { return nil }
        return withContents { text, members in
            pool.withBytes { bytes in
                var start = 0
                var end = members.count
                var found: Int?
                for position in keys {
                    if let parent = found {
                        let member = members[parent]
                        guard member.kind == .object else { return nil }
                        start = parent + 1
                        end = Int(member.subtreeEnd)
                    }
                    let key = pool.key(at: position)
                    guard let next = find(key, bytes, in: members, text, from: start, to: end, pool: pool) else { return nil }
                    found = next
                }
                return found
            }
        }
    }

    /// The top-level member `key` as a value, or nil when the payload has none (or is no object).
    public subscript(key: String) -> JSONValue? {
        member(at: PushParams.KeyPath.single(key)).map(value(of:))
    }

    /// The first member from `start` up to `end`, hopping over nested members, whose key is `key`.
    /// Plain keys of another length are passed over at once; plain keys of the same length compare
    /// bytes; any other key compares as a `String`.
    @inline(__always)
    private func find(_ key: PushKeyPool.Key, _ bytes: UnsafeBufferPointer<UInt8>, in members: Members,
                      _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, pool: PushKeyPool) -> Int? {
        let keyStart = Int(key.start)
        let length = Int(key.end) - keyStart
        var index = start
        while index < end {
            let member = members[index]
            if member.keyPlain && key.ascii {
                if Int(member.keyEnd - member.keyStart) == length,
                   Self.equal(bytes, from: keyStart, text, from: Int(member.keyStart), count: length) {
                    return index
                }
            } else if JSONParser.validatedString(in: text, at: Int(member.keyStart) - 1) == pool.string(of: key) {
                return index
            }
            index = Int(member.subtreeEnd)
        }
        return nil
    }

    /// Whether `count` bytes of `a` from `i` equal those of `b` from `j` (both in bounds).
    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, from i: Int, _ b: UnsafeBufferPointer<UInt8>, from j: Int,
                              count: Int) -> Bool {
        var offset = 0
        while offset < count {
            guard a[i + offset] == b[j + offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The `StringHead` of the member at `index`: `none` for any value but a string.
    func stringHead(at index: Int) -> StringHead {
        withContents { text, members in
            let member = members[index]
            guard member.kind == .string else { return .none }
            guard member.valuePlain else { return .escaped }
            return StringHead(text, Int(member.valueStart) + 1..<Int(member.valueEnd) - 1)
        }
    }

    /// Whether the plain string at `index`, whose head equals that of the selector string at `range` of
    /// `pool`, holds that string: the bytes after the head are compared.
    func plainString(at index: Int, endsAs range: Range<Int>, of pool: PushKeyPool) -> Bool {
        withContents { text, members in
            let skipped = StringHead.width
            let member = members[index]
            let start = Int(member.valueStart) + 1 + skipped
            let count = Int(member.valueEnd) - 1 - start
            guard count == range.count - skipped else { return false }
            return pool.withBytes { Self.equal($0, from: range.lowerBound + skipped, text, from: start, count: count) }
        }
    }

    /// The kind of the member at `index`.
    func kind(at index: Int) -> Kind { member(index).kind }

    /// The string at `index`, or nil for any other kind.
    func string(at index: Int) -> String? {
        withContents { text, members in
            let member = members[index]
            guard member.kind == .string else { return nil }
            guard member.valuePlain else { return JSONParser.validatedString(in: text, at: Int(member.valueStart)) }
            let start = Int(member.valueStart) + 1
            let end = Int(member.valueEnd) - 1
            return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
        }
    }

    /// The param text of the member at `index` (see `PushParams.text`): nil for null, arrays and objects.
    func paramText(at index: Int) -> String? {
        switch member(index).kind {
        case .string: return string(at: index)
        case .true: return "true"
        case .false: return "false"
        case .number: return PushParams.text(value(of: index))
        case .null, .array, .object: return nil
        }
    }

    /// The value of the member at `index`, parsed from its text.
    func value(of index: Int) -> JSONValue {
        withContents { text, members in
            let member = members[index]
            return JSONParser.validatedValue(UnsafeBufferPointer(rebasing: text[Int(member.valueStart)..<Int(member.valueEnd)]))
        }
    }
}
