import EntryKit

/// Percent-decoding of URL parts (after splitting, so `%2F` stays inside its segment) and the
/// encoding used when a redirect template puts a param back into a URL.
enum PercentEncoding {
    /// The decoded text, or nil for a malformed escape (`%4`, `%zz`) or bytes that are not UTF-8.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? where Bytes.Index == Int {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex,
                      ASCII.isHexDigit(bytes[i + 1]), ASCII.isHexDigit(bytes[i + 2]) else { return nil }
                out.append(ASCII.hexValue(bytes[i + 1]) << 4 | ASCII.hexValue(bytes[i + 2]))
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        return isUTF8(out) ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Whether `bytes` are well-formed UTF-8, checked by the JSON parser's own rule for a multi-byte
    /// sequence, so that a URL and a JSON string refuse the same bytes. `String(validating:as:)`
    /// says the same but needs macOS 15 / iOS 18; the decoding after this check repairs nothing.
    private static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withBufferView { view in
            var i = 0
            while i < view.count {
                guard view[i] >= 0x80 else {
                    i += 1
                    continue
                }
                do {
                    i = try JSONParser.skipUTF8Sequence(in: view, at: i)
                } catch {
                    return false
                }
            }
            return true
        }
    }

    /// Appends the decoded `bytes` to `out`; false for a malformed escape or a result that is not
    /// UTF-8 (`out` then holds a partial result). Bytes without a `%` are copied as they are: they
    /// come from a Swift string, so they are UTF-8 already.
    static func decode(_ bytes: ByteView, into out: inout [UInt8]) -> Bool {
        guard bytes.contains(UInt8(ascii: "%"), in: 0..<bytes.count) else {
            out.append(contentsOf: bytes)
            return true
        }
        guard let text = decode(bytes) else { return false }
        out.append(contentsOf: text.utf8)
        return true
    }

    /// `text` with everything but RFC 3986 unreserved characters escaped, fit for one path segment.
    static func encodeSegment(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for b in text.utf8 {
            if ASCII.isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "~") {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigit(b >> 4))
                out.append(hexDigit(b & 0x0F))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
