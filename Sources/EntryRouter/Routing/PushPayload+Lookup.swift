import EntryKit

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
        withLookup(in: path.pool) { $0.member(at: path.keys) }
    }

    /// Calls `body` with the payload's text and index and `pool`'s bytes and keys, each read through a
    /// pointer taken once for all the lookups `body` makes.
    func withLookup<Result>(in pool: PushKeyPool, _ body: (PushLookup) -> Result) -> Result {
        withContents { text, members in
            pool.withContents { bytes, keys in
                body(PushLookup(text: text, members: members, isObject: kind == .object, bytes: bytes, keys: keys))
            }
        }
    }

    /// The top-level member `key` as a value, or nil when the payload has none (or is no object).
    public subscript(key: String) -> JSONValue? {
        member(at: PushParams.KeyPath.single(key)).map(value(of:))
    }

    /// The kind of the member at `index`.
    func kind(at index: Int) -> Kind { member(index).kind }

    /// The string at `index`, or nil for any other kind.
    func string(at index: Int) -> String? {
        withContents { text, members in
            let member = members[index]
            guard member.kind == .string else { return nil }
            guard member.valuePlain else { return JSONParser.validatedString(in: BufferView(text), at: Int(member.valueStart)) }
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
            return JSONParser.validatedValue(BufferView(UnsafeBufferPointer(rebasing: text[Int(member.valueStart)..<Int(member.valueEnd)])))
        }
    }
}

/// A payload's text and member index beside a key pool's bytes and keys, all read through pointers
/// taken once: routing a push looks up several paths and compares several strings, and each step
/// then costs a few loads and comparisons, with no reference counted and no closure entered.
/// Valid only inside `PushPayload.withLookup`.
struct PushLookup {
    let text: UnsafeBufferPointer<UInt8>
    let members: PushPayload.Members
    /// Whether the payload is an object: when it is not, every path misses.
    let isObject: Bool
    let bytes: UnsafeBufferPointer<UInt8>
    let keys: UnsafeBufferPointer<PushKeyPool.Key>

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
                   Self.equal(bytes, from: keyStart, text, from: Int(member.keyStart), count: length) {
                    return index
                }
            } else if JSONParser.validatedString(in: BufferView(text), at: Int(member.keyStart) - 1)
                        == String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<Int(key.end)]), as: UTF8.self) {
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
        return StringHead(BufferView(text), Int(member.valueStart) + 1..<Int(member.valueEnd) - 1)
    }

    /// Whether the plain string at `index`, whose head equals that of the selector string at `range` of
    /// the pool's bytes, holds that string: the bytes after the head are compared.
    func plainString(at index: Int, endsAs range: Range<Int>) -> Bool {
        let skipped = StringHead.width
        let member = members[index]
        let start = Int(member.valueStart) + 1 + skipped
        let count = Int(member.valueEnd) - 1 - start
        guard count == range.count - skipped else { return false }
        return Self.equal(bytes, from: range.lowerBound + skipped, text, from: start, count: count)
    }

    /// Whether `count` bytes of `a` from `i` equal those of `b` from `j`. Compared a word at a time:
    /// eight bytes per load, and the last (or only) word of a span loaded so that it ends where the
    /// span ends, overlapping the one before; a span of fewer than eight bytes compares two halves
    /// that may overlap in the same way. Nothing outside either span is read.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, from i: Int, _ b: UnsafeBufferPointer<UInt8>, from j: Int,
                      count: Int) -> Bool {
        precondition(i >= 0 && j >= 0 && count >= 0 && i + count <= a.count && j + count <= b.count,
                     "compared bytes lie in their buffers")
        guard count > 0 else { return true }
        let p = UnsafeRawPointer(a.baseAddress.unsafelyUnwrapped + i)
        let q = UnsafeRawPointer(b.baseAddress.unsafelyUnwrapped + j)
        func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            p.loadUnaligned(fromByteOffset: offset, as: Word.self) == q.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        if count >= 8 {
            var offset = 0
            while offset < count &- 8 {
                guard same(UInt64.self, at: offset) else { return false }
                offset &+= 8
            }
            return same(UInt64.self, at: count &- 8)
        }
        if count >= 4 { return same(UInt32.self, at: 0) && same(UInt32.self, at: count &- 4) }
        if count >= 2 { return same(UInt16.self, at: 0) && same(UInt16.self, at: count &- 2) }
        return same(UInt8.self, at: 0)
    }
}
