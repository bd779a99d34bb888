/// ASCII bytes by name, byte classes and case folding, shared by the wire codec and the URL parsers.
///
/// URLs are compared byte by byte: only ASCII letters fold, as schemes and DNS hosts require.
enum ASCII {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let tab: UInt8 = 0x09
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let lowerE: UInt8 = 0x65
    static let upperE: UInt8 = 0x45

    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
    }
    static func hexValue(_ b: UInt8) -> UInt8 {
        isDigit(b) ? b - UInt8(ascii: "0") : (b | 0x20) - UInt8(ascii: "a") + 10
    }
    /// RFC 3986 scheme characters after the first letter.
    static func isSchemeByte(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
    static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// `text` with its ASCII letters lowercased; returns `text` itself when there is nothing to fold.
    static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
        return String(decoding: text.utf8.map(lowercased), as: UTF8.self)
    }

    /// The bytes as text, ASCII letters lowercased. Most schemes and hosts arrive in lower case,
    /// so that case costs one scan and no copy.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.map(lowercased), as: UTF8.self)
    }

    /// Whether `bytes`, their ASCII letters lowercased, equal `lowercase` byte for byte.
    static func equalFolded(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        var k = bytes.startIndex
        for expected in lowercase {
            guard lowercased(bytes[k]) == expected else { return false }
            k += 1
        }
        return true
    }

    /// Whether `bytes`, their ASCII letters lowercased, equal the ASCII text `lowercase`.
    static func equalFolded(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ lowercase: StaticString) -> Bool {
        equalFolded(bytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
    }

    /// Whether a URL of this scheme (as written) carries a real host before its path (http, https).
    static func hasHost(_ scheme: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        equalFolded(scheme, "https") || equalFolded(scheme, "http")
    }

    static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map(lowercased), as: UTF8.self)
    }
}
