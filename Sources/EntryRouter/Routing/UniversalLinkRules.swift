/// One host's `paths` list, read as an apple-app-site-association file reads it: the rules are
/// tried in order and the first that matches decides; `NOT ` in front of a rule makes a match
/// exclude the URL; a path no rule matches is excluded. `*` matches any run of characters
/// (`/` included), `?` exactly one. Matching is case-sensitive, on the decoded path.
struct UniversalLinkRules: Sendable {
    private struct Rule: Sendable {
        var excludes: Bool
        var glob: [UInt8]
    }

    private let rules: [Rule]

    init(paths: [String]) {
        rules = paths.map { path in
            let excludes = path.hasPrefix("NOT ")
            return Rule(excludes: excludes, glob: Array((excludes ? String(path.dropFirst(4)) : path).utf8))
        }
    }

    /// Whether the rules let `path` (decoded UTF-8, with its leading `/`) open the app.
    func allows(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        for rule in rules where rule.glob.withUnsafeBufferPointer({ Self.glob($0, matches: path) }) {
            return !rule.excludes
        }
        return false
    }

    /// Wildcard matching with one backtrack point for the last `*`: linear in practice, never
    /// exponential.
    ///
    /// On UTF-8, with the answers of matching by Unicode scalar: `?` takes one whole scalar, a
    /// `*` gives back one whole scalar at a time, so the text position is at a scalar boundary
    /// whenever a wildcard is tried, and literal bytes match exactly when their scalars do.
    static func glob(_ pattern: UnsafeBufferPointer<UInt8>, matches text: UnsafeBufferPointer<UInt8>) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var starText = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") {
                p += 1
                t = scalarEnd(text, t)
            } else if p < pattern.count, pattern[p] == text[t], pattern[p] != UInt8(ascii: "*") {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                starText = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                starText = scalarEnd(text, starText)
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// Where the scalar that starts at `start` ends.
    private static func scalarEnd(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var end = start + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }
}
