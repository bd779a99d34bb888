import EntryKit

/// One pattern of an association file component (`/`, `?`, `#`, or a query item's value), ready
/// to match: `*` and `?` wildcards, and Apple's built-in substitution variables (`$(digit)`, …),
/// each of which matches one character of its class.
package struct LinkPattern: Sendable, Hashable {
    /// The pattern as the file wrote it, for messages.
    package let written: String
    /// The compared text as UTF-8, a substitution variable as its `CharacterClass` byte: bytes
    /// that UTF-8 never contains, so no text byte can be taken for one.
    let utf8: [UInt8]
    let caseSensitive: Bool

    init(written: String, compared: String, caseSensitive: Bool) {
        self.init(written: written, parts: [.text(compared)], caseSensitive: caseSensitive)
    }

    /// One piece of a pattern: text as compared (already decoded), or a substitution variable.
    enum Part: Hashable {
        case text(String)
        case variable(CharacterClass)
    }

    init(written: String, parts: [Part], caseSensitive: Bool) {
        self.written = written
        self.caseSensitive = caseSensitive
        utf8 = parts.flatMap { part -> [UInt8] in
            switch part {
            case .text(let text): Array((caseSensitive ? text : text.lowercased()).utf8)
            case .variable(let variable): [(caseSensitive ? variable : variable.folded).rawValue]
            }
        }
    }

    /// Whether `text` (decoded) matches, folding case when the pattern ignores it.
    func matches(_ text: String) -> Bool {
        UniversalLinkRules.glob(utf8, matches: Array((caseSensitive ? text : text.lowercased()).utf8))
    }

    /// The paths the pattern matches, for the load-time checks: a substitution variable stands
    /// for any one character there (an over-approximation, which those checks allow).
    var glob: PathGlob {
        var elements: [PathGlob.Element] = []
        var run: [UInt8] = []
        func flush() {
            elements += PathGlob(rule: String(decoding: run, as: UTF8.self)).elements
            run.removeAll()
        }
        for byte in utf8 {
            if CharacterClass(rawValue: byte) != nil {
                flush()
                elements.append(.one)
            } else {
                run.append(byte)
            }
        }
        flush()
        return PathGlob(elements)
    }
}

/// Apple's built-in substitution variables of one ASCII character each. The raw values are bytes
/// that never occur in UTF-8 text, so that a class sits in a pattern's bytes as one byte.
enum CharacterClass: UInt8, CaseIterable, Sendable {
    case alpha = 0xF8
    case upper = 0xF9
    case lower = 0xFA
    case alnum = 0xFB
    case digit = 0xFC
    case xdigit = 0xFD

    /// The variable's name as a pattern writes it: `$(xdigit)`.
    init?(name: Substring) {
        guard let found = Self.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = found
    }

    /// The class when letters are compared lowercased: `$(upper)` and `$(lower)` then take any letter.
    var folded: CharacterClass {
        self == .upper || self == .lower ? .alpha : self
    }

    /// Whether the text byte `byte` is one character of the class (all of them are ASCII).
    @inline(__always)
    static func byte(_ byte: UInt8, isIn rawClass: UInt8) -> Bool {
        switch CharacterClass(rawValue: rawClass) {
        case .alpha?: ASCII.isAlpha(byte)
        case .upper?: byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        case .lower?: byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
        case .alnum?: ASCII.isAlpha(byte) || ASCII.isDigit(byte)
        case .digit?: ASCII.isDigit(byte)
        case .xdigit?: ASCII.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        case nil: false
        }
    }
}
