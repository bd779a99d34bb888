import EntryRouter

/// The `params` column: an entry's string parameters as one JSON object.
///
/// Both directions are written here rather than left to SQLite's `json_each`: loading a full inbox
/// through that table-valued join spends most of its time in the join.
package enum ParamsJSON {
    /// Appends `params` to `bytes` as a JSON object with keys in sorted order (the same params always
    /// give the same text, the text a dictionary of them gave).
    package static func append(_ params: RouteParams, to bytes: inout [UInt8]) {
        JSONWriter.appendParams(params, to: &bytes)
    }

    /// The object in `bytes`, or nil when they are not a JSON object whose members are all strings. Of
    /// a key given twice the last value is kept, as when the params were read into a dictionary.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> RouteParams? {
        decodeMap(bytes).map(RouteParams.init)
    }

    private static func decodeMap(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        var reader = Reader(bytes: bytes)
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var params: [String: String] = [:]
        if reader.consume(UInt8(ascii: "}")) { return reader.isAtEnd() ? params : nil }
        repeat {
            guard let key = reader.string(), reader.consume(UInt8(ascii: ":")), let value = reader.string() else {
                return nil
            }
            params[key] = value
        } while reader.consume(UInt8(ascii: ","))
        return reader.consume(UInt8(ascii: "}")) && reader.isAtEnd() ? params : nil
    }

    /// A cursor over JSON bytes; every method skips the whitespace before the token it reads.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func isAtEnd() -> Bool {
            skipWhitespace()
            return index == bytes.count
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A JSON string. One without escapes (the usual case) is made straight from its bytes.
        mutating func string() -> String? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            var escaped: [UInt8]?
            var runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    index += 1
                    guard var escaped else { return String(decoding: run, as: UTF8.self) }
                    escaped += run
                    return String(decoding: escaped, as: UTF8.self)
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                var text = escaped ?? []
                text += bytes[runStart..<index]
                index += 1
                guard index < bytes.count, let scalar = escape() else { return nil }
                text += String(Character(scalar)).utf8
                escaped = text
                runStart = index
            }
            return nil
        }

        /// The character of the escape after a backslash (`index` is past the backslash).
        private mutating func escape() -> Unicode.Scalar? {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
            case UInt8(ascii: "b"): return "\u{8}"
            case UInt8(ascii: "f"): return "\u{C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hexUnit() else { return nil }
                guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) }
                guard consumeLiteral("\\u"), let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            default: return nil
            }
        }

        private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func hexUnit() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
                unit = unit << 4 | UInt32(digit)
                index += 1
            }
            return unit
        }
    }
}
