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
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == ASCII.quote { break }
            // Escapes, control characters (an error) and non-ASCII text take the general path.
            guard byte >= 0x20, byte < 0x80, byte != ASCII.backslash else { return Self.key(named: try parseString()) }
            end += 1
        }
        guard end < bytes.count else { return Self.key(named: try parseString()) }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<end])
        position = end + 1
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
            if equal(key, "op") { return .op }
            if equal(key, "id") { return .id }
        case 3:
            if equal(key, "req") { return .req }
            if equal(key, "url") { return .url }
        case 4:
            if equal(key, "kind") { return .kind }
            if equal(key, "busy") { return .busy }
            if equal(key, "gate") { return .gate }
            if equal(key, "open") { return .open }
            if equal(key, "push") { return .push }
        case 5:
            if equal(key, "scene") { return .scene }
            if equal(key, "modal") { return .modal }
            if equal(key, "limit") { return .limit }
        case 6:
            if equal(key, "screen") { return .screen }
            if equal(key, "source") { return .source }
            if equal(key, "action") { return .action }
            if equal(key, "parent") { return .parent }
            if equal(key, "launch") { return .launch }
        case 7:
            if equal(key, "payload") { return .payload }
        case 10:
            if equal(key, "collapseId") { return .collapseId }
            if equal(key, "expiration") { return .expiration }
        default:
            break
        }
        return nil
    }

    /// Whether `key` holds the bytes of `name` (the caller checked the length).
    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for k in 0..<key.count where key[k] != expected[k] { return false }
        return true
    }
}
