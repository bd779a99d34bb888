/// Appends compact JSON text to a byte buffer, without Foundation and without an intermediate String.
///
/// Output is deterministic, so that equal values give equal lines (golden tests, diffable logs):
/// object keys are sorted; strings escape `"`, `\` and every control character below U+0020 as
/// `\u00XX` and nothing else (non-ASCII text stays raw UTF-8); a number with an integral value
/// (within `Int64`) is written as an integer, any other finite number in Swift's shortest
/// round-trip form (`0.1`, `1e-07`, `1e+20`), and a non-finite number, which JSON cannot express,
/// as `null`.
public enum JSONWriter {
    public static func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: appendRaw("null", to: &out)
        case .bool(let flag): appendRaw(flag ? "true" : "false", to: &out)
        case .number(let number): appendNumber(number, to: &out)
        case .string(let text): appendString(text, to: &out)
        case .array(let elements):
            out.append(ASCII.openBracket)
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(ASCII.comma) }
                append(element, to: &out)
            }
            out.append(ASCII.closeBracket)
        case .object(let members):
            appendObject(members, to: &out) { value, out in append(value, to: &out) }
        }
    }

    /// Appends `text` as a quoted, escaped JSON string.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(ASCII.quote)
        var text = text
        text.withUTF8 { utf8 in
            // Copy runs of bytes that need no escape in one go; escapes are rare.
            var runStart = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                out.append(ASCII.backslash)
                if byte < 0x20 {
                    out.append(UInt8(ascii: "u"))
                    out.append(ASCII.zero)
                    out.append(ASCII.zero)
                    out.append(hexDigit(byte >> 4))
                    out.append(hexDigit(byte & 0xF))
                } else {
                    out.append(byte)
                }
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        out.append(ASCII.quote)
    }

    public static func appendNumber(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else { return appendRaw("null", to: &out) }
        // 2^63 is exactly representable, so every double below it in magnitude converts to Int64;
        // the conversion truncates, so converting back tells whether the value was integral.
        if abs(number) < 9_223_372_036_854_775_808.0 {
            let integer = Int64(number)
            if Double(integer) == number { return appendInteger(integer, to: &out) }
        }
        out.append(contentsOf: number.description.utf8)
    }

    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(ASCII.minus) }
        var magnitude = value.magnitude
        if magnitude < 10 { return out.append(ASCII.zero + UInt8(magnitude)) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            while magnitude > 0 {
                start -= 1
                digits[start] = ASCII.zero + UInt8(magnitude % 10)
                magnitude /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        appendInteger(Int64(value), to: &out)
    }

    /// Appends an object of string values (route params), keys sorted.
    public static func appendStringMap(_ map: [String: String], to out: inout [UInt8]) {
        appendObject(map, to: &out) { value, out in appendString(value, to: &out) }
    }

    /// Appends an object, keys sorted, each value written by `appendValue`.
    static func appendObject<Value>(_ map: [String: Value], to out: inout [UInt8],
                                    _ appendValue: (Value, inout [UInt8]) -> Void) {
        out.append(ASCII.openBrace)
        if map.count <= 1 {
            // Zero or one member (the common case for params): nothing to sort, nothing to allocate.
            for (key, value) in map {
                appendString(key, to: &out)
                out.append(ASCII.colon)
                appendValue(value, &out)
            }
        } else {
            for (index, member) in map.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(ASCII.comma) }
                appendString(member.key, to: &out)
                out.append(ASCII.colon)
                appendValue(member.value, &out)
            }
        }
        out.append(ASCII.closeBrace)
    }

    /// Appends text that is already JSON (punctuation, keys known at compile time).
    /// Appends a member's raw prefix (`,"modal":`, written out by the caller so key order and
    /// commas stay visible where a message is laid out) and then its string value.
    static func appendMember(_ prefix: StaticString, _ value: String, to out: inout [UInt8]) {
        appendRaw(prefix, to: &out)
        appendString(value, to: &out)
    }

    static func appendRaw(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? ASCII.zero + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
