/// The dedupe key of a launch entry (R18): the launch URL or payload itself, without the scene's
/// name, so a scene restored under another name still replays the same key.
enum LaunchFingerprint {
    static func key(_ launch: LaunchEntry) -> String {
        switch launch {
        case .url(let url): return "launch:url:" + url
        case .push(let payload, _): return "launch:push:" + canonical(payload.value)
        }
    }

    /// JSON text with sorted object keys, so equal payloads give equal keys whatever their key order.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return "\(number)"
        case .largeInteger(let integer): return String(integer)
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            let pairs = members.keys.sorted().map { quoted($0) + ":" + canonical(members[$0] ?? .null) }
            return "{" + pairs.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
