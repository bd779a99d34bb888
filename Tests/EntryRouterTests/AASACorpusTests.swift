import Foundation
import Testing
@testable import EntryRouter

/// Real apple-app-site-association files (Tests/AASACorpus, each file's source in its README and
/// sources.tsv): for every app a file names, every URL is decided by entryd and by
/// `AASADocReading`, an independent reading of Apple's documentation, and the two must agree.
/// Where they may not, the documentation leaves the case open: a query item a component's `?`
/// names but the URL lacks, whose pattern matches the empty value (`"token": "*"`). entryd reads
/// it as an empty value, which matches; the reading here asks for the item to be there, as the
/// page's one example does. Such a URL is counted apart, and only such a URL.
@Suite("apple-app-site-association corpus")
struct AASACorpusTests {
    static let directory = CorpusFiles.directory("AASACorpus")

    struct Source {
        var name: String
        var repo: String
        var path: String
    }

    static func sources() throws -> [Source] {
        try CorpusFiles.rows(in: directory).map { Source(name: $0[0], repo: $0[1], path: $0[2]) }
    }

    /// What the run saw, printed at its end.
    struct Tally {
        var files = 0
        var apps = 0
        var unnamable: [String] = []
        var configs = 0
        var refusedAlike = 0
        var urls = 0
        var agreements = 0
        var absentItem: [String] = []
        var disagreements: [String] = []
    }

    static let host = "corpus.example"
    static let otherApp = "ZZZZZ99999.com.named.by.none"
    static let paths = ["/", "/a", "/index.html", "/api/v1/x", "/help/website/a", "/help/x", "/buy/1", "/BUY/1", "/login",
                        "/auth/callback", "/%61pi/x", "/caf%C3%A9", "/p/%C3%A9", "/a/b/c", "/invite/123", "/join/abc"]
    static let suffixes = ["", "?dl=1", "#no_universal_links", "#x", "?utm_campaign=course", "?t=abc#k"]

    @Test func everyURLIsDecidedAsTheDocumentationSays() throws {
        var tally = Tally()
        for source in try Self.sources() {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + source.name))
            tally.files += 1
            for app in AASADocReading.appIDs(data) + [Self.otherApp] {
                try Self.check(source, data, app: app, &tally)
            }
        }
        print("AASA corpus: \(tally.files) files, \(tally.apps) app ids, \(tally.unnamable.count) of them not of the form "
              + "PREFIX.bundle.id a config can name, \(tally.configs) configs loaded, \(tally.refusedAlike) refused by both, "
              + "\(tally.urls) URLs, \(tally.agreements) decided alike, \(tally.absentItem.count) apart on an absent query item "
              + "the documentation leaves open, \(tally.disagreements.count) apart otherwise")
        for app in tally.unnamable { print("  not nameable: " + app) }
        let byFile = Dictionary(grouping: tally.absentItem) { String($0.prefix { $0 != " " }) }
        for (file, lines) in byFile.sorted(by: { $0.key < $1.key }) {
            print("  absent item: \(file): \(lines.count) URLs, e.g. " + lines[0].dropFirst(file.count + 1))
        }
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.count): \(tally.disagreements.prefix(20).joined(separator: "\n"))")
        #expect(tally.files >= 30 && tally.urls >= 1000 && tally.refusedAlike > 0)
        #expect(tally.agreements + tally.absentItem.count == tally.urls - tally.disagreements.count)
    }

    static func check(_ source: Source, _ data: Data, app: String, _ tally: inout Tally) throws {
        tally.apps += 1
        // entryd's config names the app as PREFIX.bundleId, the prefix letters and digits, as an
        // app's entitlements do; a placeholder (`appid_placeholder`, `TEAM_ID.…`) cannot be named.
        guard let dot = app.firstIndex(of: "."), app[..<dot].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
              dot != app.startIndex, app.index(after: dot) != app.endIndex else {
            tally.unnamable.append("\(source.name): \(app)")
            return
        }
        let bundle = String(app[app.index(after: dot)...])
        let rules = AASADocReading.rules(data, app: app)
        let config = """
            {"bundleId": "\(bundle)", "appId": "\(app)", "home": "home", "tabs": ["home"],
             "universalLinks": [{"host": "\(host)", "aasa": "\(directory)/\(source.name)"}],
             "routes": [{"name": "any", "match": ["https://\(host)/*rest"], "tab": "home"}]}
            """
        let loaded = try? Config.load(json: Array(config.utf8), file: "corpus/app.json") { try SampleFile.read($0) }
        guard let loaded else {
            if rules == nil { tally.refusedAlike += 1 } else { tally.disagreements.append("\(source.name) \(app): entryd refused the file") }
            return
        }
        guard let rules else {
            tally.disagreements.append("\(source.name) \(app): entryd read links the documentation does not")
            return
        }
        tally.configs += 1
        let table = RoutingTable(config: loaded)
        let derived = rules.compactMap(\.path).flatMap(samples)
        let itemSuffixes = rules.compactMap { rule -> [String: String]? in
            if case .items(let items)? = rule.query { return items }
            return nil
        }.flatMap { items in
            items.keys.sorted().flatMap { name in ["?\(name)=", "?\(name)=abcd", "?\(name)=abc", "?\(name)=v&other=1"] }
                + [items.keys.sorted().map { "\($0)=1234" }.joined(separator: "&")].map { "?" + $0 }
        }
        var seen = Set<String>()
        for path in paths + derived where path.hasPrefix("/") {
            for suffix in suffixes + itemSuffixes {
                let url = path + suffix
                guard seen.insert(url).inserted else { continue }
                let parts = AASADocReading.parts(url)
                let expected = AASADocReading.allows(rules, parts)
                let decided = table.route(url: "https://\(host)\(url)").failureCode != .notAllowed
                tally.urls += 1
                if decided == expected {
                    tally.agreements += 1
                } else if decided, absentItemDecides(rules, parts) {
                    tally.absentItem.append("\(source.name) \(url): entryd opens, the reading that asks for the item refuses")
                } else {
                    tally.disagreements.append("\(source.name) \(app) \(url): entryd \(decided ? "opens" : "refuses"), the documentation \(expected ? "opens" : "refuses")")
                }
            }
        }
    }

    /// Whether the URL opens once a query item it lacks counts as empty: the one reading the
    /// documentation leaves open, tried only where entryd and the reading above differ.
    static func absentItemDecides(_ rules: [AASADocReading.Rule], _ url: AASADocReading.Parts) -> Bool {
        var filled = url
        for rule in rules {
            guard case .items(let items)? = rule.query else { continue }
            for name in items.keys where !filled.items.contains(where: { $0.name == name }) {
                filled.items.append((name: name, value: ""))
            }
        }
        return AASADocReading.allows(rules, filled)
    }

    /// Paths a pattern suggests: its wildcards taking nothing, a little, a `/`; a character more
    /// and one fewer; its letters in the other case; a letter of it percent-escaped.
    static func samples(_ pattern: String) -> [String] {
        let none = pattern.replacingOccurrences(of: "*", with: "").replacingOccurrences(of: "?", with: "q")
        let some = pattern.replacingOccurrences(of: "*", with: "ab/cd").replacingOccurrences(of: "?", with: "Qé")
        var out = [none, some, none + "x", String(none.dropLast()), none.uppercased(), none.lowercased(), "/x" + none]
        if let letter = none.firstIndex(where: { $0.isASCII && $0.isLetter }) {
            let hex = String(none[letter].asciiValue!, radix: 16, uppercase: true)
            out.append(String(none[..<letter]) + "%" + hex + String(none[none.index(after: letter)...]))
        }
        return out.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(["%"])) ?? $0 }
    }
}
