import Foundation
import FoundationXML

/// An independent reading of Android's documentation of App Links, for `AppLinksCorpusTests` to
/// check entryd against: written from the pages' words, sharing no code with the engine, and as
/// plain as possible (Foundation's JSON and XML parsers, a backtracking matcher).
///
/// - developer.android.com/training/app-links/configure-assetlinks: a statement for the app
///   (`android_app`, its package, `handle_all_urls`, its SHA-256 fingerprint as keytool prints
///   it); `dynamic_app_link_components` tried in order, the first matching rule decides,
///   `exclude` refuses, no match refuses; a rule matches when its `/`, `#` and every `?` entry
///   match; `*` any run, `?` one character.
/// - developer.android.com/guide/topics/manifest/data-element: an intent filter's `<data>`
///   attributes merge; `*` leading a host is a subdomain wildcard; `path` exact, `pathPrefix`,
///   `pathSuffix`; `pathPattern`: `.` any character, `x*` zero or more `x`, `\` escapes;
///   `pathAdvancedPattern` adds `[…]`, `+` and `{…}`.
/// - developer.android.com/training/app-links/faq: the manifest sets the widest scope, dynamic
///   rules only narrow it.
enum AppLinksDocReading {
    // MARK: assetlinks.json

    struct Statement {
        var granted: Bool
        /// nil when the statement has none.
        var rules: [[String: Any]]?
    }

    /// The statements for `package`, and whether each grants.
    static func statements(_ data: Data, package: String) -> [Statement] {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { statement in
            guard let target = statement["target"] as? [String: Any], target["namespace"] as? String == "android_app",
                  target["package_name"] as? String == package,
                  (statement["relation"] as? [String])?.contains("delegate_permission/common.handle_all_urls") == true else { return nil }
            let fingerprints = target["sha256_cert_fingerprints"] as? [String] ?? []
            let keytool = fingerprints.contains { $0.range(of: "^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$", options: .regularExpression) != nil }
            let extensions = statement["relation_extensions"] as? [String: Any]
            let grant = extensions?["delegate_permission/common.handle_all_urls"] as? [String: Any]
            return Statement(granted: keytool, rules: grant?["dynamic_app_link_components"] as? [[String: Any]])
        }
    }

    /// The packages a file names for `handle_all_urls`.
    static func packages(_ data: Data) -> [String] {
        guard let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        var packages: [String] = []
        for statement in list {
            guard let target = statement["target"] as? [String: Any], target["namespace"] as? String == "android_app",
                  let package = target["package_name"] as? String, !packages.contains(package) else { continue }
            packages.append(package)
        }
        return packages
    }

    /// What the rules say of a URL: nil when they are none or empty (the manifest decides).
    static func rulesAllow(_ rules: [[String: Any]]?, path: String, query: [(String, String)], fragment: String) -> Bool? {
        guard let rules, !rules.isEmpty else { return nil }
        for rule in rules {
            var matches = true
            if let pattern = rule["/"] as? String { matches = matches && CorpusFiles.glob(pattern, path) }
            if let pattern = rule["#"] as? String { matches = matches && CorpusFiles.glob(pattern, fragment) }
            if let entries = rule["?"] as? [String: String] {
                matches = matches && entries.allSatisfy { key, pattern in query.contains { $0.0 == key && CorpusFiles.glob(pattern, $0.1) } }
            }
            if matches { return !(rule["exclude"] as? Bool ?? false) }
        }
        return false
    }

    // MARK: AndroidManifest.xml

    struct Filter {
        var schemes: [String] = []
        var hosts: [(host: String, port: String?)] = []
        var paths: [(kind: String, value: String)] = []
        var actions: [String] = []
        var categories: [String] = []
        var line: Int
        /// A data attribute only the build can fill in (`${…}`, `@…`).
        var unresolved = false
    }

    /// The autoVerify intent filters of the activities, as the XML writes them.
    static func filters(_ data: Data) -> [Filter] {
        let collector = FilterCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        _ = parser.parse()
        return collector.filters
    }

    private final class FilterCollector: NSObject, XMLParserDelegate {
        var filters: [Filter] = []
        var stack: [String] = []
        var current: Filter?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            defer { stack.append(name) }
            if name == "intent-filter", ["activity", "activity-alias"].contains(stack.last), stack.dropLast().last == "application",
               attributes["android:autoVerify"] == "true" {
                current = Filter(line: parser.lineNumber)
                return
            }
            guard current != nil, stack.last == "intent-filter" else { return }
            switch name {
            case "action": current?.actions.append(attributes["android:name"] ?? "")
            case "category": current?.categories.append(attributes["android:name"] ?? "")
            case "data":
                for key in ["scheme", "host", "port", "path", "pathPrefix", "pathSuffix", "pathPattern", "pathAdvancedPattern"] {
                    guard let value = attributes["android:" + key] else { continue }
                    if value.contains("${") || value.hasPrefix("@") { current?.unresolved = true }
                    let compiled = unescaped(value)
                    switch key {
                    case "scheme": current?.schemes.append(compiled)
                    case "host": current?.hosts.append((compiled.lowercased(), attributes["android:port"]))
                    case "port": break
                    default: current?.paths.append((key, compiled))
                    }
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
            if name == "intent-filter", let filter = current {
                filters.append(filter)
                current = nil
            }
        }

        /// Android's resource strings: a `\` escapes the next character.
        private func unescaped(_ value: String) -> String {
            var out = ""
            var escaping = false
            for character in value {
                if escaping || character != "\\" { out.append(character) }
                escaping = !escaping && character == "\\"
            }
            return out
        }
    }

    /// Whether an App Link filter (VIEW, BROWSABLE, DEFAULT, https) takes the URL.
    static func takes(_ filter: Filter, host: String, path: String) -> Bool {
        guard filter.actions.contains("android.intent.action.VIEW"),
              filter.categories.contains("android.intent.category.BROWSABLE"),
              filter.categories.contains("android.intent.category.DEFAULT"),
              filter.schemes.contains("https") else { return false }
        let hostMatches = filter.hosts.contains { entry in
            entry.port == nil && (entry.host.hasPrefix("*") ? host.hasSuffix(entry.host.dropFirst()) : entry.host == host)
        }
        guard hostMatches else { return false }
        if filter.paths.isEmpty { return true }
        return filter.paths.contains { kind, value in
            switch kind {
            case "path": path == value
            case "pathPrefix": path.hasPrefix(value)
            case "pathSuffix": path.hasSuffix(value)
            default: regex(value, path)
            }
        }
    }

    /// The patterns read as the page describes them, with backtracking: `.` any character, `*`
    /// zero or more, `+` one or more, `{n}`, `{n,}`, `{n,m}`, `[…]` and `[^…]` with ranges, `\`
    /// making the next character literal.
    static func regex(_ pattern: String, _ text: String) -> Bool {
        typealias Atom = (test: (Character) -> Bool, min: Int, max: Int)
        var atoms: [Atom] = []
        let p = Array(pattern)
        var i = 0
        while i < p.count {
            var test: (Character) -> Bool
            switch p[i] {
            case ".":
                test = { _ in true }
                i += 1
            case "\\" where i + 1 < p.count:
                let literal = p[i + 1]
                test = { $0 == literal }
                i += 2
            case "[":
                var j = i + 1
                let negated = j < p.count && p[j] == "^"
                if negated { j += 1 }
                var ranges: [ClosedRange<Character>] = []
                while j < p.count, p[j] != "]" {
                    if j + 2 < p.count, p[j + 1] == "-", p[j + 2] != "]" {
                        if p[j] <= p[j + 2] { ranges.append(p[j]...p[j + 2]) }
                        j += 3
                    } else {
                        ranges.append(p[j]...p[j])
                        j += 1
                    }
                }
                test = { character in ranges.contains { $0.contains(character) } != negated }
                i = j + 1
            default:
                let literal = p[i]
                test = { $0 == literal }
                i += 1
            }
            var (low, high) = (1, 1)
            if i < p.count, p[i] == "*" { (low, high, i) = (0, Int.max, i + 1) }
            else if i < p.count, p[i] == "+" { (low, high, i) = (1, Int.max, i + 1) }
            else if i < p.count, p[i] == "{", let close = p[i...].firstIndex(of: "}") {
                let bounds = String(p[(i + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                low = Int(bounds[0]) ?? 0
                high = bounds.count == 1 ? low : Int(bounds[1]) ?? Int.max
                i = close + 1
            }
            atoms.append((test, low, high))
        }
        let t = Array(text)
        func from(_ a: Int, _ j: Int) -> Bool {
            if a == atoms.count { return j == t.count }
            var taken = 0
            var ends = [j]
            while taken < atoms[a].max, j + taken < t.count, atoms[a].test(t[j + taken]) {
                taken += 1
                ends.append(j + taken)
            }
            return ends.dropFirst(atoms[a].min).contains { from(a + 1, $0) }
        }
        return from(0, 0)
    }
}
