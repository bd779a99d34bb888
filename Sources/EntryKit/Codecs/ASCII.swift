/// ASCII bytes by name, byte classes and case folding, shared by the wire codec and the URL parsers.
///
/// URLs are compared byte by byte: only ASCII letters fold, as schemes and DNS hosts require.
public enum ASCII {
    public static let newline: UInt8 = 0x0A
    public static let carriageReturn: UInt8 = 0x0D
    public static let tab: UInt8 = 0x09
    public static let space: UInt8 = 0x20
    public static let quote: UInt8 = 0x22
    public static let backslash: UInt8 = 0x5C
    public static let slash: UInt8 = 0x2F
    public static let comma: UInt8 = 0x2C
    public static let colon: UInt8 = 0x3A
    public static let minus: UInt8 = 0x2D
    public static let plus: UInt8 = 0x2B
    public static let dot: UInt8 = 0x2E
    public static let zero: UInt8 = 0x30
    public static let nine: UInt8 = 0x39
    public static let openBrace: UInt8 = 0x7B
    public static let closeBrace: UInt8 = 0x7D
    public static let openBracket: UInt8 = 0x5B
    public static let closeBracket: UInt8 = 0x5D
    public static let lowerE: UInt8 = 0x65
    public static let upperE: UInt8 = 0x45

    @inlinable public static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    @inlinable public static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    @inlinable public static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
    }
    @inlinable public static func hexValue(_ b: UInt8) -> UInt8 {
        isDigit(b) ? b - UInt8(ascii: "0") : (b | 0x20) - UInt8(ascii: "a") + 10
    }
    /// RFC 3986 scheme characters after the first letter.
    @inlinable public static func isSchemeByte(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
    @inlinable public static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// `text` with its ASCII letters lowercased; returns `text` itself when there is nothing to fold.
    @inlinable public static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
        return String(decoding: text.utf8.map(lowercased), as: UTF8.self)
    }

    /// The bytes as text, ASCII letters lowercased. Most schemes and hosts arrive in lower case,
    /// so that case costs one scan and no copy.
    @inlinable static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes.map(lowercased), as: UTF8.self)
    }

    /// Whether `bytes`, their ASCII letters lowercased, equal `lowercase` byte for byte.
    @inlinable static func equalFolded(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        var k = bytes.startIndex
        for expected in lowercase {
            guard lowercased(bytes[k]) == expected else { return false }
            k += 1
        }
        return true
    }

    /// Whether `bytes`, their ASCII letters lowercased, equal the ASCII text `lowercase`.
    @inlinable static func equalFolded(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, _ lowercase: StaticString) -> Bool {
        equalFolded(bytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
    }

    /// Whether a URL of this scheme (as written) carries a real host before its path (http, https).
    @inlinable static func hasHost(_ scheme: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        equalFolded(scheme, "https") || equalFolded(scheme, "http")
    }

    /// The viewed bytes as text, ASCII letters lowercased.
    @inlinable public static func lowercased(_ bytes: ByteView) -> String {
        lowercased(bytes.buffer[...])
    }

    /// Whether the viewed bytes, their ASCII letters lowercased, equal the ASCII text `lowercase`.
    @inlinable public static func equalFolded(_ bytes: ByteView, _ lowercase: StaticString) -> Bool {
        equalFolded(bytes.buffer[...], lowercase)
    }

    /// Whether the viewed bytes, their ASCII letters lowercased, equal `lowercase` byte for byte.
    @inlinable public static func equalFolded(_ bytes: ByteView, _ lowercase: ByteView) -> Bool {
        equalFolded(bytes.buffer[...], lowercase.buffer)
    }

    /// Whether a URL of this scheme (the viewed bytes, as written) carries a real host before its path.
    @inlinable public static func hasHost(_ scheme: ByteView) -> Bool {
        hasHost(scheme.buffer[...])
    }

    @inlinable public static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map(lowercased), as: UTF8.self)
    }
}
