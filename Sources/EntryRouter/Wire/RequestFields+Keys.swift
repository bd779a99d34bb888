import EntryKit

/// Recognizing a request's member keys from their bytes.
///
/// Every request has four or five members, and making a `String` of each key and comparing it with
/// the known names one after another (a `switch` on strings) would allocate and compare strings for
/// every key of every request. A key that is plain ASCII (no escape, no byte above 0x7F) is compared
/// as bytes, as its length and at most two words; any other key is decoded and looked up by name,
/// so that `"\u0072eq"` still means `req`. Plain ASCII bytes equal a name exactly when the strings
/// are equal: a name is ASCII, and only non-ASCII text can be canonically equivalent to different
/// text.
extension RequestFields {
    /// The member names the protocol knows (SPEC §3.1, §3.2), `launch`'s `push` included.
    enum Field: String {
        case req, op, payload, id, collapseId, expiration, url, source, kind, limit, scene, screen
        case modal, action, busy, parent, gate, open, launch, push, by
    }
}

extension JSONParser {
    /// Reads the key at the current position (its opening quote), as `parseString` would, and
    /// tells which field it names.
    ///
    /// A key of up to 15 plain bytes with 16 bytes of the line after its quote (every key of a usual
    /// request) is read as two words: the first byte that needs a decision ends the key when it is the
    /// closing quote, and the words, cut to the key's length, are compared with the names' words. Any
    /// other key takes the byte scan, with its errors.
    ///
    /// It returns nil for a key the protocol does not know; `lastKeyText` then makes its text.
    /// Returning the field alone (not an enum that may carry a `String`) keeps the result in a register.
    /// Inlined into the member loop: a call would be a good part of the work of a key.
    @inline(__always)
    mutating func fieldKey() throws(JSONParseError) -> RequestFields.Field? {
        let start = position + 1
        if start + 16 <= bytes.count {
            let low = bytes.loadWord(at: start)
            let lowMarks = Self.stopMarks(low)
            var length = lowMarks.trailingZeroBitCount >> 3
            var high: UInt64 = 0
            if lowMarks == 0 {
                high = bytes.loadWord(at: start + 8)
                length = 8 + Self.stopMarks(high).trailingZeroBitCount >> 3
            }
            if length < 16, bytes[start + length] == ASCII.quote {
                position = start + length + 1
                return Self.field(low: low, high: high, length: length)
            }
        }
        return try scannedFieldKey(from: start)
    }

    /// `fieldKey` for a key near the end of the line, or long, escaped or not ASCII: the byte scan.
    /// Kept out of line, so that the member loop inlines only the usual key's words.
    @inline(never)
    private mutating func scannedFieldKey(from start: Int) throws(JSONParseError) -> RequestFields.Field? {
        let run = try plainRun(from: start)
        // Escapes and non-ASCII text take the general path.
        guard !run.escaped, run.ascii else { return RequestFields.Field(rawValue: try parseString()) }
        position = run.end + 1
        let key = bytes.extracting(start..<run.end)
        guard key.count < 16 else { return nil }
        return Self.field(low: key.loadPartialWord(at: 0), high: key.loadPartialWord(at: 8), length: key.count)
    }

    /// The text of the key read last (its quote is at `keyOffset`), for an unknown key's duplicate
    /// check and error; the key was checked when it was read, so this cannot fail.
    func lastKeyText() -> String {
        Self.validatedString(in: bytes, at: keyOffset)
    }

    /// The field named by the `length` plain ASCII bytes whose first eight are `low` (the first byte
    /// lowest) and whose next ones are `high`; bytes past the key are cut off here. The constants are
    /// the names' bytes read the same way (`RequestFieldKeyTests` checks each).
    static func field(low: UInt64, high: UInt64, length: Int) -> RequestFields.Field? {
        guard length < 16 else { return nil }
        let lowWord = length >= 8 ? low : low & ((1 << (UInt64(length) &* 8)) &- 1)
        let highWord = length <= 8 ? 0 : high & ((1 << (UInt64(length &- 8) &* 8)) &- 1)
        switch (length, lowWord) {
        case (2, 0x706F): return .op
        case (2, 0x6469): return .id
        case (2, 0x7962): return .by
        case (3, 0x71_6572): return .req
        case (3, 0x6C_7275): return .url
        case (4, 0x646E_696B): return .kind
        case (4, 0x7973_7562): return .busy
        case (4, 0x6574_6167): return .gate
        case (4, 0x6E65_706F): return .open
        case (4, 0x6873_7570): return .push
        case (5, 0x65_6E65_6373): return .scene
        case (5, 0x6C_6164_6F6D): return .modal
        case (5, 0x74_696D_696C): return .limit
        case (6, 0x6E65_6572_6373): return .screen
        case (6, 0x6563_7275_6F73): return .source
        case (6, 0x6E6F_6974_6361): return .action
        case (6, 0x746E_6572_6170): return .parent
        case (6, 0x6863_6E75_616C): return .launch
        case (7, 0x64_616F_6C79_6170): return .payload
        case (10, 0x6573_7061_6C6C_6F63) where highWord == 0x6449: return .collapseId
        case (10, 0x6974_6172_6970_7865) where highWord == 0x6E6F: return .expiration
        default: return nil
        }
    }
}
