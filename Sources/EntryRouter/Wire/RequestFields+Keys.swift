/// Recognizing a request's member keys from their bytes.
///
/// Every request has four or five members, and making a `String` of each key and comparing it with
/// the known names one after another (a `switch` on strings) cost about a thousand instructions a
/// request. A key that is plain ASCII (no escape, no byte above 0x7F) is now compared as bytes, by
/// length first; any other key is decoded as before and looked up by name, so that `"\u0072eq"`
/// still means `req`. Plain ASCII bytes equal a name exactly when the strings are equal: a name is
/// ASCII, and only non-ASCII text can be canonically equivalent to different text.
extension RequestFields {
    /// The member names the protocol knows (SPEC §3.1, §3.2), `launch`'s `push` included.
    enum Field: String {
        case req, op, payload, id, collapseId, expiration, url, source, kind, limit, scene, screen
        case modal, action, busy, parent, gate, open, launch, push
    }

    /// A member's key: a known name, or any other text (kept for the duplicate check and errors).
    enum Key {
        case known(Field)
        case other(String)
    }
}

extension JSONParser {
    /// Reads the key at the current position (its opening quote), as `parseString` would, and
    /// tells which field it names.
    mutating func fieldKey() throws(JSONParseError) -> RequestFields.Key {
        let start = position + 1
        let run = try plainRun(from: start)
        // Escapes and non-ASCII text take the general path.
        guard !run.escaped, run.ascii else { return Self.key(named: try parseString()) }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<run.end])
        position = run.end + 1
        if let field = Self.field(key) { return .known(field) }
        return .other(String(decoding: key, as: UTF8.self))
    }

    private static func key(named name: String) -> RequestFields.Key {
        RequestFields.Field(rawValue: name).map { .known($0) } ?? .other(name)
    }

    /// The field whose name is exactly `key`; the length picks the few candidates.
    private static func field(_ key: UnsafeBufferPointer<UInt8>) -> RequestFields.Field? {
        switch key.count {
        case 2:
            if key.holds("op") { return .op }
            if key.holds("id") { return .id }
        case 3:
            if key.holds("req") { return .req }
            if key.holds("url") { return .url }
        case 4:
            if key.holds("kind") { return .kind }
            if key.holds("busy") { return .busy }
            if key.holds("gate") { return .gate }
            if key.holds("open") { return .open }
            if key.holds("push") { return .push }
        case 5:
            if key.holds("scene") { return .scene }
            if key.holds("modal") { return .modal }
            if key.holds("limit") { return .limit }
        case 6:
            if key.holds("screen") { return .screen }
            if key.holds("source") { return .source }
            if key.holds("action") { return .action }
            if key.holds("parent") { return .parent }
            if key.holds("launch") { return .launch }
        case 7:
            if key.holds("payload") { return .payload }
        case 10:
            if key.holds("collapseId") { return .collapseId }
            if key.holds("expiration") { return .expiration }
        default:
            break
        }
        return nil
    }
}
