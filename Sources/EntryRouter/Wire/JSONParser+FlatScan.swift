/// The usual payload, scanned in one loop.
///
/// Most payloads are one flat object of a few members with plain keys and string, number or literal
/// values (`{"type":"serviceNotice","noticeId":"n"}`). The general scan (`scanPayload`) handles any
/// value through a recursive dispatch, a growable scratch and a generic duplicate check, which for
/// such an object cost several times the bytes' own checking. This loop reads exactly that shape,
/// recording each member as the general scan records it, and checks its keys pairwise.
///
/// It decides nothing on its own: anything else (a nested object or array, an escaped string or key,
/// a non-ASCII key, a duplicate key, more than `flatScanMembers` members, any syntax error) makes it
/// return nil with the parser where it started, and the general scan reads the payload from the
/// start, giving the payload or the error (and offset) it always gave (`FlatScanTests` checks
/// both on the same texts).
extension JSONParser {
    /// The most members the flat scan records; a larger object is left to the general scan.
    static let flatScanMembers = 8

    /// The flat object at the current position (leading whitespace skipped) as a payload, or nil
    /// with the parser unmoved when the text is anything else.
    mutating func scanFlatPayload() -> PushPayload? {
        let start = position
        let payload = withUnsafeTemporaryAllocation(of: PushPayload.Member.self, capacity: Self.flatScanMembers) {
            scanFlatObject(from: start, into: $0)
        }
        if payload == nil { position = start }
        return payload
    }

    private mutating func scanFlatObject(from start: Int,
                                         into members: UnsafeMutableBufferPointer<PushPayload.Member>) -> PushPayload? {
        guard start < bytes.count, bytes[start] == ASCII.openBrace, depth < Self.maxDepth else { return nil }
        position = start + 1
        var count = 0
        if peekSignificant() == ASCII.closeBrace {
            position += 1
            return payload(from: start, members: UnsafeBufferPointer(rebasing: members[..<0]))
        }
        while true {
            guard count < members.count, peekSignificant() == ASCII.quote,
                  let key = try? plainRun(from: position + 1), !key.escaped, key.ascii else { return nil }
            let keyStart = position + 1
            position = key.end + 1
            guard peekSignificant() == ASCII.colon else { return nil }
            position += 1
            guard let byte = peekSignificant() else { return nil }
            let valueStart = position
            var kind = PushPayload.Kind.string
            var plainValue = false
            switch byte {
            case ASCII.quote:
                guard let run = try? plainRun(from: position + 1), !run.escaped else { return nil }
                plainValue = run.ascii
                position = run.end + 1
            case ASCII.minus, ASCII.zero...ASCII.nine:
                guard (try? parseNumber()) != nil else { return nil }
                kind = .number
            case UInt8(ascii: "t"):
                guard (try? parseLiteral("true")) != nil else { return nil }
                kind = .true
            case UInt8(ascii: "f"):
                guard (try? parseLiteral("false")) != nil else { return nil }
                kind = .false
            case UInt8(ascii: "n"):
                guard (try? parseLiteral("null")) != nil else { return nil }
                kind = .null
            default:
                return nil
            }
            let member = PushPayload.Member(
                keyStart: Int32(keyStart - start), keyEnd: Int32(key.end - start),
                valueStart: Int32(valueStart - start), valueEnd: Int32(position - start),
                subtreeEnd: Int32(count + 1), kind: kind, keyPlain: true, valuePlain: plainValue)
            guard !repeatsKey(member, in: UnsafeBufferPointer(rebasing: members[..<count]), base: start) else { return nil }
            members[count] = member
            count += 1
            switch peekSignificant() {
            case ASCII.comma:
                position += 1
            case ASCII.closeBrace:
                position += 1
                return payload(from: start, members: UnsafeBufferPointer(rebasing: members[..<count]))
            default:
                return nil
            }
        }
    }

    private func payload(from start: Int, members: UnsafeBufferPointer<PushPayload.Member>) -> PushPayload {
        PushPayload(text: UnsafeBufferPointer(rebasing: bytes[start..<position]), kind: .object, members: members)
    }

    /// Whether `member`'s key, plain as all of them are here, equals that of one of `earlier`.
    private func repeatsKey(_ member: PushPayload.Member, in earlier: UnsafeBufferPointer<PushPayload.Member>,
                            base: Int) -> Bool {
        let length = Int(member.keyEnd - member.keyStart)
        for other in earlier where Int(other.keyEnd - other.keyStart) == length {
            if PushLookup.equal(bytes, from: base + Int(member.keyStart), bytes, from: base + Int(other.keyStart),
                                count: length) {
                return true
            }
        }
        return false
    }
}
