/// One host's `paths` list, read as an apple-app-site-association file reads it: the rules are
/// tried in order and the first that matches decides; `NOT ` in front of a rule makes a match
/// exclude the URL; a path no rule matches is excluded. `*` matches any run of characters
/// (`/` included), `?` exactly one. Matching is case-sensitive, on the decoded path.
struct UniversalLinkRules: Sendable {
    private struct Rule: Sendable {
        var excludes: Bool
        var glob: [Unicode.Scalar]
    }

    private let rules: [Rule]

    init(paths: [String]) {
        rules = paths.map { path in
            let excludes = path.hasPrefix("NOT ")
            return Rule(excludes: excludes, glob: Array((excludes ? String(path.dropFirst(4)) : path).unicodeScalars))
        }
    }

    /// Whether the rules let `path` (decoded, with its leading `/`) open the app.
    func allows(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        for rule in rules where Self.glob(rule.glob, matches: scalars) {
            return !rule.excludes
        }
        return false
    }

    /// Wildcard matching with one backtrack point for the last `*`: linear in practice, never exponential.
    static func glob(_ pattern: [Unicode.Scalar], matches text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var star = -1
        var starText = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] && pattern[p] != "*" {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
