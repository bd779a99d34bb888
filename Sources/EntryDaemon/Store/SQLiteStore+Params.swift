/// The `params` column: an entry's string parameters as a JSON object.
///
/// Written here, read back by SQLite's `json_each` in `load`, so no JSON parser is needed on the Swift side.
enum ParamsJSON {
    /// A JSON object with keys in sorted order (the same params always give the same text).
    static func encode(_ params: [String: String]) -> String {
        var text = "{"
        for (index, key) in params.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendString(key, to: &text)
            text += ":"
            appendString(params[key] ?? "", to: &text)
        }
        text += "}"
        return text
    }

    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
