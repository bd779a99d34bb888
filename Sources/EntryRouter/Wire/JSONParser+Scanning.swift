import EntryKit

/// Checking a push payload without building its value.
///
/// Routing reads one or two members of a payload, so building the whole `JSONValue` tree (a
/// dictionary per object, a `String` per key and value) costs far more than it is used for. The
/// scan checks exactly what `parseValue` checks, in the same order and with the same errors at the
/// same offsets (duplicate keys of an object are reported when the object closes, as there), and
/// records each member of the objects reachable from the top through objects as byte offsets.
/// Members inside arrays are checked but not recorded: a key path cannot step into an array.
extension JSONParser {
    /// How many members a payload scan records on the stack before it moves them to the heap.
    static let payloadScratchMembers = 32

    /// Scans the value at the current position (leading whitespace skipped) into a payload that owns
    /// a copy of its text. The members are recorded on the stack and copied once, with the text,
    /// into the payload's one buffer.
    mutating func scanPayload() throws(JSONParseError) -> PushPayload {
        skipWhitespace()
        let start = position
        return try withStackBuffer(of: PushPayload.Member.self, capacity: Self.payloadScratchMembers) {
            (lent) throws(JSONParseError) -> PushPayload in
            var scan = PayloadScan(base: start, members: ScratchList(lent: lent))
            // A payload is almost always an object: scanned straight away, without the general dispatch.
            let kind: PushPayload.Kind
            if position < bytes.count, bytes[position] == ASCII.openBrace {
                try scanIndexedObject(&scan)
                kind = .object
            } else {
                kind = try scanIndexedValue(&scan)
            }
            return PushPayload(text: bytes.extracting(start..<position), kind: kind, members: scan.members.elements)
        }
    }

    /// Checks the value at the current position (leading whitespace skipped) exactly as `parseValue`
    /// would, without building it, and returns its kind: for members whose value is not used.
    mutating func skipValue() throws(JSONParseError) -> PushPayload.Kind {
        skipWhitespace()
        var keys: [PayloadScan.Key] = []
        return try scanValue(&keys)
    }

    /// A value whose members are recorded (see `scanIndexedObject`). An array's objects are not:
    /// their keys are collected for it alone, so that the usual payload, which has no array, never
    /// makes or releases that collection.
    private mutating func scanIndexedValue(_ scan: inout PayloadScan) throws(JSONParseError) -> PushPayload.Kind {
        guard let byte = peekSignificant() else { throw failure(position, "expected a value") }
        switch byte {
        case ASCII.openBrace:
            try scanIndexedObject(&scan)
            return .object
        case ASCII.openBracket:
            var keys: [PayloadScan.Key] = []
            try scanArray(&keys)
            return .array
        default:
            return try scanScalar(byte)
        }
    }

    /// A value whose members are not recorded; `keys` holds the keys of the objects it is inside.
    private mutating func scanValue(_ keys: inout [PayloadScan.Key]) throws(JSONParseError) -> PushPayload.Kind {
        guard let byte = peekSignificant() else { throw failure(position, "expected a value") }
        switch byte {
        case ASCII.openBrace:
            try scanObject(&keys)
            return .object
        case ASCII.openBracket:
            try scanArray(&keys)
            return .array
        default:
            return try scanScalar(byte)
        }
    }

    /// A value that is neither an object nor an array, at its first byte `byte`.
    private mutating func scanScalar(_ byte: UInt8) throws(JSONParseError) -> PushPayload.Kind {
        switch byte {
        case ASCII.quote: _ = try scanString(); return .string
        case UInt8(ascii: "t"): try parseLiteral("true"); return .true
        case UInt8(ascii: "f"): try parseLiteral("false"); return .false
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case ASCII.minus, ASCII.zero...ASCII.nine: _ = try parseNumber(); return .number
        default: throw failure(position, "expected a value")
        }
    }

    /// Checks a string at its opening quote and moves past the closing one. Returns true when the
    /// text is plain: ASCII without escapes, so that its bytes are its characters. Inlined: a push
    /// line has five strings besides its keys, and a call would be a good part of a short string's scan.
    @inline(__always)
    mutating func scanString() throws(JSONParseError) -> Bool {
        let start = position + 1
        let run = try Self.plainRun(in: bytes, from: start)
        if run.escaped {
            position = start
            try decodeEscapedString(from: start, firstEscape: run.end)
            return false
        }
        position = run.end + 1
        return run.ascii
    }

    /// A member's key and its colon, from the key's opening quote: where the quote and the closing
    /// quote are, and whether the key is plain.
    @inline(__always)
    private mutating func scanKey() throws(JSONParseError) -> (quote: Int, end: Int, plain: Bool) {
        let quote = position
        let plain = try scanString()
        let end = position - 1
        try expectColon()
        return (quote, end, plain)
    }

    /// An object reachable from the top through objects, at its `{`: each member is recorded as it is
    /// read. The usual member, a string or a number, is checked and recorded here in one step; any other
    /// value goes through the general dispatch from where the member stands (its key already read), so
    /// a nested object or a literal continues the same scan rather than starting it over. The keys are
    /// checked for duplicates from the recorded members once the object closes.
    private mutating func scanIndexedObject(_ scan: inout PayloadScan) throws(JSONParseError) {
        try enterContainer()
        position += 1
        let firstMember = scan.members.count
        var memberCount = 0
        var plainKeys = true
        var first = true
        while try nextMember(first: first) {
            first = false
            let (quote, keyEnd, plainKey) = try scanKey()
            memberCount += 1
            plainKeys = plainKeys && plainKey
            skipWhitespace()
            let valueStart = position
            let slot = scan.members.count
            let byte = position < bytes.count ? bytes[position] : 0
            let kind: PushPayload.Kind
            var plainValue = false
            var subtreeEnd = slot + 1
            switch byte {
            case ASCII.quote:
                kind = .string
                plainValue = try scanString()
            case ASCII.minus, ASCII.zero...ASCII.nine:
                kind = .number
                _ = try parseNumber()
            default:
                // The value may be an object, whose members are recorded after this one: its slot is
                // taken first and filled in once the value's subtree is known.
                scan.members.append(PushPayload.Member())
                kind = try scanIndexedValue(&scan)
                subtreeEnd = scan.members.count
            }
            // The value's end is the member's last offset: when it fits 32 bits, so do the others, and
            // they are narrowed without a check each.
            let valueEnd = position - scan.base
            precondition(valueEnd <= Int32.max, "a payload must be shorter than 2 GiB")
            let member = PushPayload.Member(
                keyStart: Int32(truncatingIfNeeded: quote + 1 - scan.base), keyEnd: Int32(truncatingIfNeeded: keyEnd - scan.base),
                valueStart: Int32(truncatingIfNeeded: valueStart - scan.base), valueEnd: Int32(truncatingIfNeeded: valueEnd),
                subtreeEnd: Int32(truncatingIfNeeded: subtreeEnd), kind: kind, keyPlain: plainKey, valuePlain: plainValue)
            if slot == scan.members.count { scan.members.append(member) } else { scan.members[slot] = member }
        }
        guard memberCount > 1 else { return }
        let keys = DirectKeys(scan.members.elements, base: scan.base, from: firstMember)
        guard plainKeys, memberCount <= 16 else { return try checkDuplicates(keys, count: memberCount) }
        if let repeated = Self.firstRepeatedPlainKey(in: bytes, scan.members.elements, base: scan.base, from: firstMember) {
            let key = keys.key(of: scan.members[repeated])
            throw failure(Int(key.quote), "duplicate key \"\(keyText(key))\"")
        }
    }

    /// An object inside an array, whose members are not recorded: its keys are collected in `keys`
    /// (after those of the objects it is inside) for the duplicate check when it closes.
    private mutating func scanObject(_ keys: inout [PayloadScan.Key]) throws(JSONParseError) {
        try openObject()
        let base = keys.count
        var first = true
        while try nextMember(first: first) {
            first = false
            let (quote, keyEnd, plainKey) = try scanKey()
            keys.append(PayloadScan.Key(quote: Int32(quote), end: Int32(keyEnd), plain: plainKey))
            _ = try scanValue(&keys)
        }
        try checkDuplicates(keys[base...], count: keys.count - base)
        keys.removeSubrange(base...)
    }

    private mutating func scanArray(_ keys: inout [PayloadScan.Key]) throws(JSONParseError) {
        guard try openArray() else { return }
        repeat {
            _ = try scanValue(&keys)
        } while try arrayContinues()
    }

    /// The first key (in member order) equal to an earlier one is the duplicate, as when members go
    /// into a dictionary one by one. Equality is `String`'s (canonical equivalence), so only plain
    /// keys are compared as bytes; a small object of plain keys is checked pairwise, without hashing.
    private func checkDuplicates<Keys: Sequence<PayloadScan.Key>>(_ keys: Keys, count: Int) throws(JSONParseError) {
        guard count > 1 else { return }
        if count <= 16, keys.allSatisfy(\.plain) {
            for (position, key) in keys.enumerated() where position > 0 {
                for earlier in keys.prefix(position) where sameBytes(key, earlier) {
                    throw failure(Int(key.quote), "duplicate key \"\(keyText(key))\"")
                }
            }
            return
        }
        var seen = Set<String>(minimumCapacity: count)
        for key in keys {
            let text = keyText(key)
            if !seen.insert(text).inserted { throw failure(Int(key.quote), "duplicate key \"\(text)\"") }
        }
    }

    /// The first member (in member order) of an indexed object whose plain key equals an earlier
    /// member's, compared as bytes in place, with no generic sequences (enumerating, taking prefixes),
    /// which would cost more than the comparisons themselves; nil when the keys are all different.
    /// Static and inlined: the usual object is answered without a call that copies the parser.
    @inline(__always)
    private static func firstRepeatedPlainKey(in bytes: ByteView, _ members: BufferView<PushPayload.Member>,
                                              base: Int, from first: Int) -> Int? {
        var later = Int(members[first].subtreeEnd)
        while later < members.count {
            let key = members[later]
            let length = Int(key.keyEnd - key.keyStart)
            var earlier = first
            while earlier < later {
                let other = members[earlier]
                if Int(other.keyEnd - other.keyStart) == length,
                   equalBytes(in: bytes, base + Int(key.keyStart), base + Int(other.keyStart), count: length) {
                    return later
                }
                earlier = Int(other.subtreeEnd)
            }
            later = Int(key.subtreeEnd)
        }
        return nil
    }

    @inline(__always)
    private static func equalBytes(in bytes: ByteView, _ a: Int, _ b: Int, count: Int) -> Bool {
        for k in 0..<count where bytes[a + k] != bytes[b + k] { return false }
        return true
    }

    private func sameBytes(_ a: PayloadScan.Key, _ b: PayloadScan.Key) -> Bool {
        let count = Int(a.end - a.quote) - 1
        guard count == Int(b.end - b.quote) - 1 else { return false }
        let x = Int(a.quote) + 1
        let y = Int(b.quote) + 1
        for k in 0..<count where bytes[x + k] != bytes[y + k] { return false }
        return true
    }

    private func keyText(_ key: PayloadScan.Key) -> String {
        if key.plain {
            return bytes.extracting(Int(key.quote) + 1..<Int(key.end)).string
        }
        return Self.validatedString(in: bytes, at: Int(key.quote))
    }

    /// The string at `quote` in text that was checked before, so that it cannot fail.
    static func validatedString(in bytes: ByteView, at quote: Int) -> String {
        var parser = JSONParser(bytes)
        parser.position = quote
        return (try? parser.parseString()) ?? ""
    }

    /// The value of text that was checked before, so that it cannot fail.
    static func validatedValue(_ bytes: ByteView) -> JSONValue {
        var parser = JSONParser(bytes)
        return (try? parser.parseValue()) ?? .null
    }
}

/// What a payload scan collects: the members recorded so far. (The keys of objects inside arrays,
/// which are not recorded, are collected apart: see `scanIndexedValue`.)
struct PayloadScan: ~Copyable {
    /// A key's opening and closing quote, as offsets into the line.
    struct Key {
        var quote: Int32
        var end: Int32
        var plain: Bool
    }

    /// The offset of the payload's first byte in the line; members are recorded relative to it.
    let base: Int
    var members: ScratchList<PushPayload.Member>
}

/// The keys of one indexed object's members, read from the members recorded for it: the first at
/// `from`, each next one after the subtree of the one before.
struct DirectKeys: Sequence, IteratorProtocol {
    private let members: BufferView<PushPayload.Member>
    private let base: Int32
    private var index: Int

    /// The keys of the object whose first member is `first` in `members`, whose offsets are from `base`.
    init(_ members: BufferView<PushPayload.Member>, base: Int, from first: Int) {
        self.members = members
        self.base = Int32(base)
        index = first
    }

    mutating func next() -> PayloadScan.Key? {
        guard index < members.count else { return nil }
        let member = members[index]
        index = Int(member.subtreeEnd)
        return key(of: member)
    }

    /// The key of `member`, as offsets into the line.
    func key(of member: PushPayload.Member) -> PayloadScan.Key {
        PayloadScan.Key(quote: member.keyStart - 1 + base, end: member.keyEnd + base, plain: member.keyPlain)
    }
}
