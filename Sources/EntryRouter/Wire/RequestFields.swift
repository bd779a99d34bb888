/// The members of a request line, read straight from the bytes into one slot per known field.
///
/// This is the JSON half of request decoding: it checks syntax, not meaning, and it never builds
/// a dictionary of the top-level object. Unknown members are parsed (they must be valid JSON) and
/// otherwise ignored, so a newer client's extra fields do not break an older daemon. The byte span
/// of `payload` (and of `launch.push`) is measured on the raw text, as received: that is what APNs
/// counts against its 4096-byte limit, whitespace included. Payloads are scanned, not parsed into a
/// tree (`PushPayload`): they are checked as strictly, and stay text.
struct RequestFields {
    /// False when the line is valid JSON but not an object.
    var isObject = true
    var req: JSONValue?
    var op: JSONValue?
    var payload: PushPayload?
    var payloadBytes = 0
    var id: JSONValue?
    var collapseId: JSONValue?
    var expiration: JSONValue?
    var url: JSONValue?
    var source: JSONValue?
    var kind: JSONValue?
    var limit: JSONValue?
    var scene: JSONValue?
    var screen: JSONValue?
    var modal: JSONValue?
    var action: JSONValue?
    var busy: JSONValue?
    var parent: JSONValue?
    var gate: JSONValue?
    var open: JSONValue?
    var launch: Launch?

    /// `launch` as read: its two known members when it is an object, or the value that it was instead.
    struct Launch {
        var notAnObject: JSONValue?
        var url: JSONValue?
        var push: PushPayload?
        var pushBytes = 0
    }

    /// Reads `bytes`; on a syntax error, the fields read so far (`req` in particular) stay set.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var parser = JSONParser(bytes)
        guard parser.peekSignificant() == ASCII.openBrace else {
            _ = try parser.parseDocument()
            isObject = false
            return
        }
        try parser.openObject()
        var unknownKeys: [String] = []
        var first = true
        while let key = try parser.nextKey(first: first) {
            first = false
            switch key {
            case "req": try Self.store(&req, key, &parser)
            case "op": try Self.store(&op, key, &parser)
            case "payload": try Self.storePayload(&payload, &payloadBytes, key, &parser)
            case "id": try Self.store(&id, key, &parser)
            case "collapseId": try Self.store(&collapseId, key, &parser)
            case "expiration": try Self.store(&expiration, key, &parser)
            case "url": try Self.store(&url, key, &parser)
            case "source": try Self.store(&source, key, &parser)
            case "kind": try Self.store(&kind, key, &parser)
            case "limit": try Self.store(&limit, key, &parser)
            case "scene": try Self.store(&scene, key, &parser)
            case "screen": try Self.store(&screen, key, &parser)
            case "modal": try Self.store(&modal, key, &parser)
            case "action": try Self.store(&action, key, &parser)
            case "busy": try Self.store(&busy, key, &parser)
            case "parent": try Self.store(&parent, key, &parser)
            case "gate": try Self.store(&gate, key, &parser)
            case "open": try Self.store(&open, key, &parser)
            case "launch":
                guard launch == nil else { throw parser.duplicateKey(key) }
                launch = try Self.readLaunch(&parser)
            default:
                try Self.skipUnknown(key, &unknownKeys, &parser)
            }
        }
        try parser.expectEnd()
    }

    private static func store(_ slot: inout JSONValue?, _ key: String, _ parser: inout JSONParser) throws(JSONParseError) {
        guard slot == nil else { throw parser.duplicateKey(key) }
        slot = try parser.parseValue()
    }

    private static func storePayload(_ slot: inout PushPayload?, _ byteCount: inout Int, _ key: String,
                                     _ parser: inout JSONParser) throws(JSONParseError) {
        guard slot == nil else { throw parser.duplicateKey(key) }
        let payload = try parser.scanPayload()
        byteCount = payload.text.count
        slot = payload
    }

    private static func skipUnknown(_ key: String, _ seen: inout [String], _ parser: inout JSONParser) throws(JSONParseError) {
        guard !seen.contains(key) else { throw parser.duplicateKey(key) }
        seen.append(key)
        _ = try parser.parseValue()
    }

    private static func readLaunch(_ parser: inout JSONParser) throws(JSONParseError) -> Launch {
        var launch = Launch()
        guard parser.peekSignificant() == ASCII.openBrace else {
            launch.notAnObject = try parser.parseValue()
            return launch
        }
        try parser.openObject()
        var unknownKeys: [String] = []
        var first = true
        while let key = try parser.nextKey(first: first) {
            first = false
            switch key {
            case "url": try store(&launch.url, key, &parser)
            case "push": try storePayload(&launch.push, &launch.pushBytes, key, &parser)
            default: try skipUnknown(key, &unknownKeys, &parser)
            }
        }
        return launch
    }
}
