import EntryKit

/// The members of a request line, read straight from the bytes into one slot per known field
/// (`Values`, declared with the vocabulary in `Vocabulary/RequestVocabulary.swift`, its member loop
/// with it).
///
/// This is the JSON half of request decoding: it checks syntax, not meaning, and it never builds
/// a dictionary of the top-level object. Unknown members are checked (they must be valid JSON) and
/// kept by name, and the members read are marked in `present`: whether the op defines them is
/// decided once the op is known (strict requests, docs/PROTOCOL.md), in `operation()`. The byte span
/// of `payload` (and of `launch.push`) is measured on the raw text, as received: that is what APNs
/// counts against its 4096-byte limit, whitespace included. Payloads are scanned, not parsed into a
/// tree (`PushPayload`): they are checked as strictly, and stay text. Keys are matched as bytes
/// (`RequestFields+Keys.swift`): a known key costs no `String`. Other values are kept as spans of
/// the line (`MemberValue`) until the operation takes what it needs from them.
///
/// The fields borrow `bytes`, like the parser: use them only inside the closure that lent the view.
package struct RequestFields {
    /// The line being read.
    let bytes: ByteView
    /// False when the line is valid JSON but not an object.
    var isObject = true
    /// The members read, each in its slot.
    var values = Values()
    /// The known fields read, whatever the op: checked against the op's (`OpName.fields`).
    var present = FieldSet()

    /// `launch` as read: its known members when it is an object.
    struct Launch {
        var isObject = true
        var url: MemberValue?
        var push: PushPayload?
        var pushBytes = 0
        var id: MemberValue?
        var action: MemberValue?
        /// The keys read that are not one of the four above, in line order.
        var unknownKeys: [String] = []
    }

    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    /// `req` as it is echoed, when it was read (before a syntax error, too) and is not too long
    /// to be (`RequestTag.maxBytes`): its text as the client wrote it.
    var reqTag: RequestTag? {
        guard let req = values.req, reqBytes <= RequestTag.maxBytes else { return nil }
        return RequestTag(checkedJSON: bytes.extracting(Int(req.start)..<Int(req.end)))
    }

    /// The bytes of `req`'s text; 0 without one.
    var reqBytes: Int { values.req.map { Int($0.end - $0.start) } ?? 0 }

    /// Reads the line; on a syntax error, the fields read so far (`req` in particular) stay set.
    mutating func read() throws(JSONParseError) {
        var parser = JSONParser(bytes)
        guard parser.peekSignificant() == ASCII.openBrace else {
            _ = try parser.skipValue()
            try parser.expectEnd()
            isObject = false
            return
        }
        try parser.openObject()
        try values.readMembers(&parser, marking: &present)
        try parser.expectEnd()
    }

    static func store(_ slot: inout MemberValue?, _ field: Field, _ parser: inout JSONParser) throws(JSONParseError) {
        guard slot == nil else { throw parser.duplicateKey(field.rawValue) }
        slot = try parser.memberValue()
    }

    static func storePayload(_ slot: inout PushPayload?, _ byteCount: inout Int, _ field: Field,
                                     _ parser: inout JSONParser) throws(JSONParseError) {
        guard slot == nil else { throw parser.duplicateKey(field.rawValue) }
        let payload = try parser.scanPayload()
        byteCount = payload.text.count
        slot = payload
    }

    static func skipUnknown(_ key: String, _ seen: inout [String], _ parser: inout JSONParser) throws(JSONParseError) {
        guard !seen.contains(key) else { throw parser.duplicateKey(key) }
        seen.append(key)
        _ = try parser.skipValue()
    }

    static func readLaunch(_ parser: inout JSONParser) throws(JSONParseError) -> Launch {
        var launch = Launch()
        guard parser.peekSignificant() == ASCII.openBrace else {
            _ = try parser.skipValue()
            launch.isObject = false
            return launch
        }
        try parser.openObject()
        var first = true
        while try parser.nextMember(first: first) {
            first = false
            let key = try parser.fieldKey()
            try parser.expectColon()
            switch key {
            case .url?: try store(&launch.url, .url, &parser)
            case .push?: try storePayload(&launch.push, &launch.pushBytes, .push, &parser)
            case .id?: try store(&launch.id, .id, &parser)
            case .action?: try store(&launch.action, .action, &parser)
            case let field?: try skipUnknown(field.rawValue, &launch.unknownKeys, &parser)
            case nil: try skipUnknown(parser.lastKeyText(), &launch.unknownKeys, &parser)
            }
        }
        return launch
    }
}
