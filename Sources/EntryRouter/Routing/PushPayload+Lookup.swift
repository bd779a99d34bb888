import EntryKit

/// Reading a payload's members for routing, from its text and index (docs/CONFIG.md).
///
/// A member is found by comparing key bytes with the key path's compiled keys; a value is compared
/// with a selector's compiled value, or turned into a param, without building the payload's tree.
/// Keys and strings that are not plain (escapes, non-ASCII) are compared as `String`s, so every
/// comparison gives what comparing `JSONValue`s gave. Everything here reads the arrays in place, by
/// index: no element bound to a variable that would need its references retained.
extension PushPayload {
    /// The index of the member at `path`, or nil when a step is missing or not an object.
    func member(at path: PushParams.KeyPath) -> Int? {
        withLookup(in: path.pool) { $0.member(at: path.keys) }
    }

    /// Calls `body` with the payload's text and index and `pool`'s bytes and keys, each lent once for
    /// all the lookups `body` makes.
    func withLookup<Result>(in pool: PushKeyPool, _ body: (PushLookup) -> Result) -> Result {
        withContents { text, members in
            pool.withContents { bytes, keys in
                body(PushLookup(text: text, members: members, isObject: kind == .object, bytes: bytes, keys: keys))
            }
        }
    }

    /// The top-level member `key` as a value, or nil when the payload has none (or is no object).
    package subscript(key: String) -> JSONValue? {
        member(at: PushParams.KeyPath.single(key)).map(value(of:))
    }

    /// The kind of the member at `index`.
    func kind(at index: Int) -> Kind { member(index).kind }

    /// The string at `index`, or nil for any other kind.
    func string(at index: Int) -> String? {
        withContents { Contents(text: $0, members: $1).string(at: index) }
    }

    /// The param text of the member at `index` (see `PushParams.text`): nil for null, arrays and objects.
    func paramText(at index: Int) -> String? {
        withContents { Contents(text: $0, members: $1).paramText(at: index) }
    }

    /// The value of the member at `index`, parsed from its text.
    func value(of index: Int) -> JSONValue {
        withContents { Contents(text: $0, members: $1).value(of: index) }
    }

    /// A payload's text and index as `withContents` lends them, read without going back to the
    /// payload: routing reads values while the payload's buffer is lent, and a closure that also
    /// captured the payload would retain its buffer for the call.
    struct Contents {
        let text: ByteView
        let members: Members

        /// The string at `index`, or nil for any other kind.
        func string(at index: Int) -> String? {
            let member = members[index]
            guard member.kind == .string else { return nil }
            guard member.valuePlain else { return JSONParser.validatedString(in: text, at: Int(member.valueStart)) }
            return text.extracting(Int(member.valueStart) + 1..<Int(member.valueEnd) - 1).string
        }

        /// The param text of the member at `index` (see `PushParams.text`): nil for null, arrays and
        /// objects.
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
            return JSONParser.validatedValue(text.extracting(Int(member.valueStart)..<Int(member.valueEnd)))
        }
    }
}

/// A payload's text and member index beside a key pool's bytes and keys, all lent once as views:
/// routing a push looks up several paths and compares several strings, and each step then costs a
/// few loads and comparisons, with no reference counted and no closure entered.
/// Valid only inside `PushPayload.withLookup`.
struct PushLookup {
    let text: ByteView
    let members: PushPayload.Members
    /// Whether the payload is an object: when it is not, every path misses.
    let isObject: Bool
    let bytes: ByteView
    let keys: BufferView<PushKeyPool.Key>

    /// The payload's text and index, to read values from.
    var contents: PushPayload.Contents { PushPayload.Contents(text: text, members: members) }

    /// The index of the member whose path is `path` (a range of `keys`), or nil when a step is
    /// missing or not an object.
    func member(at path: Range<Int>) -> Int? {
        guard isObject else { return nil }
        var start = 0
        var end = members.count
        var found: Int?
        for position in path {
            if let parent = found {
                let member = members[parent]
                guard member.kind == .object else { return nil }
                start = parent + 1
                end = Int(member.subtreeEnd)
            }
            guard let next = find(keys[position], from: start, to: end) else { return nil }
            found = next
        }
        return found
    }

    /// The first member from `start` up to `end`, hopping over nested members, whose key is `key`.
    /// Plain keys of another length are passed over at once; plain keys of the same length compare
    /// bytes; any other key compares as a `String`.
    @inline(__always)
    private func find(_ key: PushKeyPool.Key, from start: Int, to end: Int) -> Int? {
        let keyStart = Int(key.start)
        let length = Int(key.end) - keyStart
        var index = start
        while index < end {
            let member = members[index]
            if member.keyPlain && key.ascii {
                if Int(member.keyEnd &- member.keyStart) == length,
                   bytes.elementsEqual(from: keyStart, text, from: Int(member.keyStart), count: length) {
                    return index
                }
            } else if JSONParser.validatedString(in: text, at: Int(member.keyStart) - 1)
                        == bytes.extracting(keyStart..<Int(key.end)).string {
                return index
            }
            index = Int(member.subtreeEnd)
        }
        return nil
    }

    /// The `StringHead` of the member at `index`: `none` for any value but a string.
    func stringHead(at index: Int) -> StringHead {
        let member = members[index]
        guard member.kind == .string else { return .none }
        guard member.valuePlain else { return .escaped }
        return StringHead(text, Int(member.valueStart) + 1..<Int(member.valueEnd) - 1)
    }

    /// Whether the plain string at `index`, whose head equals that of the selector string at `range` of
    /// the pool's bytes, holds that string: the bytes after the head are compared.
    func plainString(at index: Int, endsAs range: Range<Int>) -> Bool {
        let skipped = StringHead.width
        let member = members[index]
        let start = Int(member.valueStart) + 1 + skipped
        let count = Int(member.valueEnd) - 1 - start
        guard count == range.count - skipped else { return false }
        return bytes.elementsEqual(from: range.lowerBound + skipped, text, from: start, count: count)
    }}
