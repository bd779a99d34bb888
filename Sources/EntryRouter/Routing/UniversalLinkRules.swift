import EntryKit

/// One host's `paths` list, read as an apple-app-site-association file reads it: the rules are
/// tried in order and the first that matches decides; `NOT ` in front of a rule makes a match
/// exclude the URL; a path no rule matches is excluded. `*` matches any run of characters
/// (`/` included), `?` exactly one. Matching is case-sensitive, on the decoded path.
///
/// A host whose config names an apple-app-site-association file is matched by that file's
/// components instead (`SiteAssociation`), which may test the query and fragment as well.
struct UniversalLinkRules: Sendable {
    private struct Rule: Sendable {
        var excludes: Bool
        var glob: [UInt8]
    }

    /// One reference either way (a `paths` list or an association file), so that reading a host's
    /// rules retains one object.
    private enum Source: Sendable {
        case paths([Rule])
        case association(SiteAssociation)
        case android(AndroidLinkRules)
    }

    private let source: Source

    init(paths: [String]) {
        self.init(source: .paths(paths.map { path in
            let excludes = path.hasPrefix("NOT ")
            return Rule(excludes: excludes, glob: Array((excludes ? String(path.dropFirst(4)) : path).utf8))
        }))
    }

    /// The rules `platform` reads for `host`: its own file (`aasa` for iOS, `assetlinks` for
    /// Android) when the host names one, else the host's `paths`.
    init(host: UniversalLinkHost, platform: LinkPlatform = .ios) {
        // A file that was refused (or not read, in a config built in code) allows nothing.
        switch platform {
        case .ios:
            if let association = host.association {
                self.init(source: .association(association))
            } else {
                self.init(paths: host.aasa == nil ? host.paths : [])
            }
        case .android:
            if let appLinks = host.appLinks {
                self.init(source: .android(AndroidLinkRules(association: appLinks, filters: host.intentFilters)))
            } else {
                self.init(paths: host.assetlinks == nil ? host.paths : [])
            }
        }
    }

    private init(source: Source) {
        self.source = source
    }

    /// Whether the rules let `url` open the app.
    func allows(_ url: ParsedURL) -> Bool {
        switch source {
        case .paths: url.withDecodedPath { allows($0) }
        case .association(let association): association.allows(url.appLinkURL())
        case .android(let rules): rules.allows(url)
        }
    }

    /// The rule that decides `url`, for `RouteExplanation`: the first `paths` rule that matches
    /// (as written, `NOT ` and all) or the key of the first file component that does; nil when
    /// none does, which refuses the URL. Walks the rules again rather than instrumenting `allows`,
    /// which stays as lean as routing needs it. `byManifest` says that Android's manifest decided
    /// (one of its filters, or none taking the URL) rather than the assetlinks file.
    func deciding(_ url: ParsedURL) -> (rule: String?, allows: Bool, byManifest: Bool) {
        switch source {
        case .paths(let rules):
            return url.withDecodedPath { path in
                for rule in rules where rule.glob.withBufferView({ Self.glob($0, matches: path) }) {
                    return ((rule.excludes ? "NOT " : "") + String(decoding: rule.glob, as: UTF8.self), !rule.excludes, false)
                }
                return (nil, false, false)
            }
        case .association(let association):
            let link = url.appLinkURL()
            guard let component = association.components.first(where: { $0.matches(link) }) else { return (nil, false, false) }
            return (component.key + (component.excludes ? " (exclude)" : ""), !component.excludes, false)
        case .android(let rules):
            let decision = rules.decide(url)
            return (decision.rule, decision.allows, decision.byManifest)
        }
    }

    /// Why the rules refuse `url` (which they do), for the `not_allowed` message: a query or
    /// fragment rule is named as such, so that a link refused for its `?` or `#` is not reported
    /// as a path the rules lack. Walks the rules again, on the refusal path only.
    func refusal(_ url: ParsedURL, host: String) -> String {
        let path = url.withDecodedPath { String(decoding: $0, as: UTF8.self) }
        let missing = "path \(path) is not in the universal-link paths of \(host)"
        let association: SiteAssociation
        switch source {
        case .paths: return missing
        case .association(let file): association = file
        case .android(let rules):
            if let reason = rules.refusal(url, host: host) { return reason }
            association = SiteAssociation(components: rules.components ?? [])
        }
        let link = url.appLinkURL()
        if let component = association.components.first(where: { $0.matches(link) }) {
            let tested = [component.query.map { _ in "query `\(link.query)`" }, component.fragment.map { _ in "fragment `\(link.fragment)`" }]
                .compactMap { $0 }
            let what = tested.isEmpty ? "path \(path)" : "the \(tested.joined(separator: " and ")) of path \(path)"
            return "\(what) is excluded by \(component.key) of \(host)"
        }
        for component in association.components where !component.excludes && (component.path?.matches(link.path) ?? true) {
            var probe = component
            probe.query = nil
            if probe.matches(link) {
                return "path \(path) is in \(component.key) of \(host), but its query `\(link.query)` does not match that component's \"?\""
            }
            return "path \(path) is in \(component.key) of \(host), but its fragment `\(link.fragment)` does not match that component's \"#\""
        }
        return missing
    }

    /// Whether the `paths` rules let `path` (decoded UTF-8, with its leading `/`) open the app.
    func allows(_ path: ByteView) -> Bool {
        guard case .paths(let rules) = source else { return false }
        for rule in rules where rule.glob.withBufferView({ Self.glob($0, matches: path) }) {
            return !rule.excludes
        }
        return false
    }

    /// Wildcard matching with one backtrack point for the last `*`: linear in practice, never
    /// exponential.
    ///
    /// A `CharacterClass` byte in the pattern (a substitution variable of an association file)
    /// takes one ASCII character of its class; `paths` rules never contain one.
    ///
    /// On UTF-8, with the answers of matching by Unicode scalar: `?` takes one whole scalar, a
    /// `*` gives back one whole scalar at a time, so the text position is at a scalar boundary
    /// whenever a wildcard is tried, and literal bytes match exactly when their scalars do.
    ///
    /// Generic so that the apple-app-site-association components match with the same rules on
    /// their own arrays; each use is specialised, so the path rules' matching is unchanged.
    @inline(__always)
    static func glob<Pattern: RandomAccessCollection<UInt8>, Text: RandomAccessCollection<UInt8>>(
        _ pattern: Pattern, matches text: Text
    ) -> Bool where Pattern.Index == Int, Text.Index == Int {
        var p = pattern.startIndex
        var t = text.startIndex
        var star = -1
        var starText = 0
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") {
                p += 1
                t = scalarEnd(text, t)
            } else if p < pattern.endIndex, pattern[p] == text[t], pattern[p] != UInt8(ascii: "*") {
                p += 1
                t += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = p
                starText = t
                p += 1
            } else if p < pattern.endIndex, pattern[p] >= CharacterClass.alpha.rawValue, CharacterClass.byte(text[t], isIn: pattern[p]) {
                p += 1
                t += 1
            } else if star >= 0 {
                p = star + 1
                starText = scalarEnd(text, starText)
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    /// Where the scalar that starts at `start` ends.
    private static func scalarEnd<Text: RandomAccessCollection<UInt8>>(_ text: Text, _ start: Int) -> Int where Text.Index == Int {
        var end = start + 1
        while end < text.endIndex, text[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }
}
