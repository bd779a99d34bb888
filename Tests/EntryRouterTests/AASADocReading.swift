import Foundation

/// An independent reading of Apple's documentation of apple-app-site-association files, for
/// `AASACorpusTests` to check entryd against: written from the pages' words, sharing no code with
/// the engine, and as plain as possible (Foundation's JSON parser, a backtracking matcher).
///
/// - developer.apple.com/documentation/bundleresources/applinks: `applinks` holds `details` and
///   `defaults`; an entry (`applinks.Details`) names its apps by `appID` or `appIDs` and lists
///   `components`, or, in the format before iOS 13, `paths` (ignored next to `components`).
/// - applinks.Details.Components: `/`, `?` and `#` patterns, each `*` (everything) when left
///   out; `exclude` stops the matching and refuses the URL; `caseSensitive` and `percentEncoded`
///   default to true; the components are tried in order and the first that matches decides.
///   `?` is a pattern for the whole query or a dictionary of query item name → value pattern,
///   each of which must match an item of that name.
/// - applinks.Defaults: the entry's `defaults` override the file's, a component's own keys
///   override both.
/// - Supporting associated domains: `*` matches any run of characters (none included), `?`
///   exactly one; a URL no component matches is not a universal link.
/// - The archived App Search guide, for `paths`: each string a path pattern, `NOT ` in front
///   excluding what it matches, tried in order, case-sensitive.
enum AASADocReading {
    /// One component, or one `paths` string, as the documentation describes it.
    struct Rule {
        var path: String?
        var query: Query?
        var fragment: String?
        var exclude: Bool
        var caseSensitive: Bool
    }

    enum Query {
        case whole(String)
        case items([String: String])
    }

    /// The app ids the file's `applinks.details` name, in file order.
    static func appIDs(_ data: Data) -> [String] {
        var apps: [String] = []
        for detail in details(data) {
            var named = (detail["appIDs"] as? [String]) ?? []
            if let app = detail["appID"] as? String { named.insert(app, at: 0) }
            for app in named where !apps.contains(app) { apps.append(app) }
        }
        return apps
    }

    /// The rules for `app`, in order; nil when the file gives it none (no `applinks`, no entry
    /// naming it, or entries with nothing in them), so that no URL opens it.
    static func rules(_ data: Data, app: String) -> [Rule]? {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let applinks = root["applinks"] as? [String: Any] else { return nil }
        let fileDefaults = applinks["defaults"] as? [String: Any] ?? [:]
        var rules: [Rule] = []
        for detail in details(data) {
            let named = ((detail["appIDs"] as? [String]) ?? []) + [detail["appID"] as? String].compactMap { $0 }
            guard named.contains(app) else { continue }
            let entryDefaults = detail["defaults"] as? [String: Any] ?? [:]
            func setting(_ key: String, _ component: [String: Any]) -> Bool {
                component[key] as? Bool ?? entryDefaults[key] as? Bool ?? fileDefaults[key] as? Bool ?? true
            }
            if let components = detail["components"] as? [[String: Any]] {
                for component in components {
                    let encoded = setting("percentEncoded", component)
                    func pattern(_ text: String) -> String { encoded ? (text.removingPercentEncoding ?? text) : text }
                    var query: Query?
                    if let whole = component["?"] as? String { query = .whole(pattern(whole)) }
                    if let items = component["?"] as? [String: String] {
                        query = .items(Dictionary(uniqueKeysWithValues: items.map { (pattern($0.key), pattern($0.value)) }))
                    }
                    rules.append(Rule(path: (component["/"] as? String).map(pattern), query: query,
                                      fragment: (component["#"] as? String).map(pattern),
                                      exclude: component["exclude"] as? Bool ?? false,
                                      caseSensitive: setting("caseSensitive", component)))
                }
            } else if let paths = detail["paths"] as? [String] {
                for path in paths {
                    let excludes = path.hasPrefix("NOT ")
                    rules.append(Rule(path: excludes ? String(path.dropFirst(4)) : path, query: nil, fragment: nil,
                                      exclude: excludes, caseSensitive: true))
                }
            }
        }
        return rules.isEmpty ? nil : rules
    }

    /// The URL's parts as they are compared: the path and fragment decoded, the query whole
    /// (decoded) and as items (name and value decoded), the fragment empty when there is none.
    struct Parts {
        var path: String
        var query: String?
        var items: [(name: String, value: String)]
        var fragment: String
    }

    static func parts(_ url: String) -> Parts {
        let hashSplit = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let querySplit = hashSplit[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        func decoded(_ text: Substring) -> String { String(text).removingPercentEncoding ?? String(text) }
        let items: [(name: String, value: String)] = querySplit.count > 1 ? querySplit[1].split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: decoded(pair[0]), value: pair.count > 1 ? decoded(pair[1]) : String())
        } : []
        return Parts(path: decoded(querySplit[0]), query: querySplit.count > 1 ? decoded(querySplit[1]) : nil, items: items,
                     fragment: hashSplit.count > 1 ? decoded(hashSplit[1]) : "")
    }

    /// Whether the rules let the URL open the app: the first rule that matches decides.
    static func allows(_ rules: [Rule], _ url: Parts) -> Bool {
        for rule in rules where matches(rule, url) {
            return !rule.exclude
        }
        return false
    }

    static func matches(_ rule: Rule, _ url: Parts) -> Bool {
        let glob = { (pattern: String, text: String) in
            rule.caseSensitive ? CorpusFiles.glob(pattern, text) : CorpusFiles.glob(pattern.lowercased(), text.lowercased())
        }
        if let path = rule.path, !glob(path, url.path) { return false }
        if let fragment = rule.fragment, !glob(fragment, url.fragment) { return false }
        switch rule.query {
        case nil: return true
        case .whole(let pattern)?: return glob(pattern, url.query ?? "")
        case .items(let patterns)?:
            // An item must be there to match: the page's example "matches a URL query component
            // that has a name of productID and a value of 12345".
            return patterns.allSatisfy { name, pattern in
                guard let item = url.items.first(where: { $0.name == name }) else { return false }
                return glob(pattern, item.value)
            }
        }
    }

    private static func details(_ data: Data) -> [[String: Any]] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let applinks = root["applinks"] as? [String: Any] else { return [] }
        return applinks["details"] as? [[String: Any]] ?? []
    }
}
