import EntryKit

/// Appends compact JSON text to a byte buffer, without Foundation and without an intermediate String.
///
/// Output is deterministic, so that equal values give equal lines (golden tests, diffable logs):
/// object keys are sorted; strings escape `"`, `\` and every control character below U+0020 as
/// `\u00XX` and nothing else (non-ASCII text stays raw UTF-8); a number with an integral value is
/// written as an integer (exactly within `Int64`; beyond it, the shortest digits that read back as
/// the same double, then zeros: 2^64 as `18446744073709552000`, as docs/PROTOCOL.md says), any
/// other finite number in Swift's shortest round-trip form (`0.1`, `1e-07`), and a non-finite
/// number, which JSON cannot express, as `null`.
///
/// The package functions append to `[UInt8]`; each calls a `write` function that is generic over the
/// destination (`JSONSink`), which message encoding also uses to write into an `OutputBuffer`.
package enum JSONWriter {
    package static func append(_ value: JSONValue, to out: inout [UInt8]) {
        write(value, to: &out)
    }

    /// Appends `text` as a quoted, escaped JSON string.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        writeString(text, to: &out)
    }

    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        writeInteger(value, to: &out)
    }

    package static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        writeInteger(Int64(value), to: &out)
    }

    /// Appends an object of string values (route params), keys sorted.
    package static func appendStringMap(_ map: [String: String], to out: inout [UInt8]) {
        writeStringMap(map, to: &out)
    }

    /// Appends route params as an object: the text `appendStringMap` writes for a dictionary of the
    /// same pairs, as the params already hold them sorted.
    package static func appendParams(_ params: RouteParams, to out: inout [UInt8]) {
        writeParams(params, to: &out)
    }

    static func write<Sink: JSONSink & ~Copyable>(_ value: JSONValue, to out: inout Sink) {
        switch value {
        case .null: out.write("null")
        case .bool(let flag): out.write(flag ? "true" : "false")
        case .number(let number): writeNumber(number, to: &out)
        case .largeInteger(let integer): writeInteger(integer, to: &out)
        case .string(let text): writeString(text, to: &out)
        case .array(let elements):
            out.write(ASCII.openBracket)
            for (index, element) in elements.enumerated() {
                if index > 0 { out.write(ASCII.comma) }
                write(element, to: &out)
            }
            out.write(ASCII.closeBracket)
        case .object(let members):
            writeObject(members, to: &out) { value, out in write(value, to: &out) }
        }
    }

    /// Writes `text` quoted. The sink copies the run that needs no escape (for ids, routes and
    /// params, the whole string) with the quotes in one step; past the first escape, the runs between
    /// escapes are copied whole. The text is read in place (`withUTF8View`).
    static func writeString<Sink: JSONSink & ~Copyable>(_ text: String, to out: inout Sink) {
        text.withUTF8View { writeQuoted($0, to: &out) }
    }

    static func writeQuoted<Sink: JSONSink & ~Copyable>(_ utf8: ByteView, to out: inout Sink) {
        let plain = out.writeQuotedPlainPrefix(utf8)
        guard plain < utf8.count else { return }
        writeEscaped(utf8, from: plain, to: &out)
        out.write(ASCII.quote)
    }

    /// Writes `utf8` from `start` on, escaping what needs it, with no quotes: the rest of a string
    /// whose plain prefix was copied already.
    static func writeEscaped<Sink: JSONSink & ~Copyable>(_ utf8: ByteView, from start: Int,
                                                         to out: inout Sink) {
        var runStart = start
        for i in start..<utf8.count {
            let byte = utf8[i]
            guard JSONEscaping.needsEscape(byte) else { continue }
            out.write(utf8.extracting(runStart..<i))
            out.write(ASCII.backslash)
            if byte < 0x20 {
                out.write("u00")
                out.write(hexDigit(byte >> 4))
                out.write(hexDigit(byte & 0xF))
            } else {
                out.write(byte)
            }
            runStart = i + 1
        }
        out.write(utf8.extracting(from: runStart))
    }

    static func writeNumber<Sink: JSONSink & ~Copyable>(_ number: Double, to out: inout Sink) {
        if let integer = integral(number) { return writeInteger(integer, to: &out) }
        guard number.isFinite else { return out.write("null") }
        if number.rounded(.towardZero) == number { return writeLargeIntegral(number, to: &out) }
        number.description.withUTF8View { out.write($0) }
    }

    /// An integral number beyond `Int64`: the digits of its shortest round-trip form (`1.8e+19`)
    /// moved past the point by the exponent, so that a reader that wants an integer gets one. Such a
    /// number is at least 2^63, so its exponent is larger than its count of fraction digits.
    @inline(never)
    static func writeLargeIntegral<Sink: JSONSink & ~Copyable>(_ number: Double, to out: inout Sink) {
        let text = number.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...]) else {
            return text.withUTF8View { out.write($0) }
        }
        let mantissa = text[..<e]
        let fractionDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        var digits = String(mantissa.filter { $0 != "." })
        digits += String(repeating: "0", count: max(0, exponent - fractionDigits))
        digits.withUTF8View { out.write($0) }
    }

    /// The number as the integer the writer writes it as, or nil when it is written otherwise (not
    /// integral, beyond `Int64`, not finite). ±2^63 are exactly representable, so every double from
    /// -2^63 (`Int64.min`) up to below 2^63 converts to Int64; the conversion truncates, so converting
    /// back tells whether the value was integral. NaN and the infinities fail the first test.
    @inline(__always)
    static func integral(_ number: Double) -> Int64? {
        guard number >= -9_223_372_036_854_775_808.0 && number < 9_223_372_036_854_775_808.0 else { return nil }
        let integer = Int64(number)
        return Double(integer) == number ? integer : nil
    }

    /// Writes the digits right to left into a small buffer on the stack, then copies them once.
    static func writeInteger<Sink: JSONSink & ~Copyable>(_ value: Int64, to out: inout Sink) {
        if value < 0 { out.write(ASCII.minus) }
        var magnitude = value.magnitude
        if magnitude < 10 { return out.write(ASCII.zero + UInt8(magnitude)) }
        withStackBuffer(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            while magnitude > 0 {
                start -= 1
                digits[start] = ASCII.zero + UInt8(magnitude % 10)
                magnitude /= 10
            }
            out.write(digits.reading(start..<digits.count))
        }
    }

    static func writeParams<Sink: JSONSink & ~Copyable>(_ params: RouteParams, to out: inout Sink) {
        out.write(ASCII.openBrace)
        writeParamMembers(params, to: &out)
        out.write(ASCII.closeBrace)
    }

    /// Writes params' members without the braces, in the params' order, which is the writer's (keys
    /// sorted): each key and value is copied from the params' bytes, with no string made and no sort.
    static func writeParamMembers<Sink: JSONSink & ~Copyable>(_ params: RouteParams, to out: inout Sink) {
        var first = true
        params.forEachPair { key, value in
            if !first { out.write(ASCII.comma) }
            first = false
            writeQuoted(key, to: &out)
            out.write(ASCII.colon)
            writeQuoted(value, to: &out)
            return true
        }
    }

    static func writeStringMap<Sink: JSONSink & ~Copyable>(_ map: [String: String], to out: inout Sink) {
        writeObject(map, to: &out) { value, out in writeString(value, to: &out) }
    }

    /// Writes an object, keys sorted, each value written by `writeValue`.
    static func writeObject<Value, Sink: JSONSink & ~Copyable>(_ map: [String: Value], to out: inout Sink,
                                                                 _ writeValue: (Value, inout Sink) -> Void) {
        out.write(ASCII.openBrace)
        writeMembers(map, to: &out, writeValue)
        out.write(ASCII.closeBrace)
    }

    /// Writes an object's members without its braces, keys sorted: a caller that writes fixed text
    /// around the object writes the braces as part of it.
    static func writeMembers<Value, Sink: JSONSink & ~Copyable>(_ map: [String: Value], to out: inout Sink,
                                                                  _ writeValue: (Value, inout Sink) -> Void) {
        if map.count <= 1 {
            // Zero or one member (the common case for params): nothing to sort, nothing to allocate,
            // and no iterator.
            if let (key, value) = map.first {
                writeString(key, to: &out)
                out.write(ASCII.colon)
                writeValue(value, &out)
            }
        } else if map.count <= smallSortLimit {
            writeSmall(map, to: &out, writeValue)
        } else {
            for (index, member) in map.sorted(by: { $0.key < $1.key }).enumerated() {
                writeMember(member, first: index == 0, to: &out, writeValue)
            }
        }
    }

    /// The most members sorted on the stack; a larger object (not a route's params) is sorted in an
    /// array.
    private static var smallSortLimit: Int { 16 }

    /// A few members (a route's params), sorted on the stack (`withStackSorted`): `sorted(by:)`
    /// would allocate an array for them.
    private static func writeSmall<Value, Sink: JSONSink & ~Copyable>(_ map: [String: Value], to out: inout Sink,
                                                                      _ writeValue: (Value, inout Sink) -> Void) {
        withStackSorted(map, by: { $0.key < $1.key }) { members in
            for index in members.indices { writeMember(members[index], first: index == 0, to: &out, writeValue) }
        }
    }

    @inline(__always)
    private static func writeMember<Value, Sink: JSONSink & ~Copyable>(_ member: (key: String, value: Value), first: Bool,
                                                                       to out: inout Sink,
                                                                       _ writeValue: (Value, inout Sink) -> Void) {
        if !first { out.write(ASCII.comma) }
        writeString(member.key, to: &out)
        out.write(ASCII.colon)
        writeValue(member.value, &out)
    }

    /// Writes a member's raw prefix (`,"modal":`, written out by the caller so key order and
    /// commas stay visible where a message is laid out) and then its string value.
    static func writeMember<Sink: JSONSink & ~Copyable>(_ prefix: StaticString, _ value: String, to out: inout Sink) {
        out.write(prefix)
        writeString(value, to: &out)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? ASCII.zero + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
