/// ASCII bytes by name, byte classes and case folding, shared by the wire codec and the URL parsers.
///
/// URLs are compared byte by byte: only ASCII letters fold, as schemes and DNS hosts require.
@usableFromInline package enum ASCII {
    @usableFromInline package static let newline: UInt8 = 0x0A
    @usableFromInline package static let carriageReturn: UInt8 = 0x0D
    @usableFromInline package static let tab: UInt8 = 0x09
    @usableFromInline package static let space: UInt8 = 0x20
    @usableFromInline package static let quote: UInt8 = 0x22
    @usableFromInline package static let backslash: UInt8 = 0x5C
    @usableFromInline package static let slash: UInt8 = 0x2F
    @usableFromInline package static let comma: UInt8 = 0x2C
    @usableFromInline package static let colon: UInt8 = 0x3A
    @usableFromInline package static let minus: UInt8 = 0x2D
    @usableFromInline package static let plus: UInt8 = 0x2B
    @usableFromInline package static let dot: UInt8 = 0x2E
    @usableFromInline package static let zero: UInt8 = 0x30
    @usableFromInline package static let nine: UInt8 = 0x39
    @usableFromInline package static let openBrace: UInt8 = 0x7B
    @usableFromInline package static let closeBrace: UInt8 = 0x7D
    @usableFromInline package static let openBracket: UInt8 = 0x5B
    @usableFromInline package static let closeBracket: UInt8 = 0x5D
    @usableFromInline package static let lowerE: UInt8 = 0x65
    @usableFromInline package static let upperE: UInt8 = 0x45

    @inlinable package static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    @inlinable package static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    @inlinable package static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
    }
    @inlinable package static func hexValue(_ b: UInt8) -> UInt8 {
        isDigit(b) ? b - UInt8(ascii: "0") : (b | 0x20) - UInt8(ascii: "a") + 10
    }
    /// RFC 3986 scheme characters after the first letter.
    @inlinable package static func isSchemeByte(_ b: UInt8) -> Bool {
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
    @inlinable package static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// `text` with its ASCII letters lowercased; returns `text` itself when there is nothing to fold.
    @inlinable package static func lowercased(_ text: String) -> String {
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
    @inlinable package static func lowercased(_ bytes: ByteView) -> String {
        lowercased(bytes.buffer[...])
    }

    /// Whether the viewed bytes, their ASCII letters lowercased, equal the ASCII text `lowercase`.
    @inlinable package static func equalFolded(_ bytes: ByteView, _ lowercase: StaticString) -> Bool {
        equalFolded(bytes.buffer[...], lowercase)
    }

    /// Whether the viewed bytes, their ASCII letters lowercased, equal `lowercase` byte for byte.
    @inlinable package static func equalFolded(_ bytes: ByteView, _ lowercase: ByteView) -> Bool {
        equalFolded(bytes.buffer[...], lowercase.buffer)
    }

    /// Whether a URL of this scheme (the viewed bytes, as written) carries a real host before its path.
    @inlinable package static func hasHost(_ scheme: ByteView) -> Bool {
        hasHost(scheme.buffer[...])
    }

    @inlinable package static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map(lowercased), as: UTF8.self)
    }
}
