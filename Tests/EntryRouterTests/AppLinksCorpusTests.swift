import Foundation
import Testing
@testable import EntryRouter

/// Real assetlinks.json and AndroidManifest.xml files (Tests/AppLinksCorpus, each file's source in
/// its README and sources.tsv): every URL is decided by entryd and by `AppLinksDocReading`, an
/// independent reading of Android's documentation, and the two must agree. Where they may not,
/// entryd follows the platform's `PatternMatcher` (no backtracking, an escaped `.` that still
/// takes any character), which the documentation does not describe: such a URL must be one a
/// `pathPattern` or `pathAdvancedPattern` decides, and it is counted apart.
@Suite("App Links corpus")
struct AppLinksCorpusTests {
    static let directory = CorpusFiles.directory("AppLinksCorpus")

    struct Source {
        var name: String
        var kind: String
        var repo: String
        var path: String
    }

    static func sources() throws -> [Source] {
        try CorpusFiles.rows(in: directory).map { Source(name: $0[0], kind: $0[1], repo: $0[2], path: $0[3]) }
    }

    /// What the run saw, printed at its end and in docs/CONFIG.md.
    struct Tally {
        var files = 0
        var manifests = 0
        var manifestsRead = 0
        var configs = 0
        var refusedAlike = 0
        var urls = 0
        var agreements = 0
        var patternOnly: [String] = []
        var disagreements: [String] = []
    }

    static let routesHost = "corpus.example"
    static let paths = ["/", "/a", "/index.html", "/wiki/Main_Page", "/products/1", "/s/abc", "/app/open", "/a/b/c", "/redirect/x",
                        "/invite/123", "/join/abc", "/u/1234", "/p/x.html"]

    @Test func everyURLIsDecidedAsTheDocumentationSays() throws {
        var tally = Tally()
        for source in try Self.sources() {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + source.name))
            tally.files += 1
            if source.kind == "assetlinks" {
                try Self.checkAssetLinks(source, data, &tally)
            } else {
                try Self.checkManifest(source, data, &tally)
            }
        }
        print("App Links corpus: \(tally.files) files (\(tally.manifests) manifests, \(tally.manifestsRead) of them read), \(tally.configs) configs loaded, \(tally.refusedAlike) refused by both, "
              + "\(tally.urls) URLs, \(tally.agreements) decided alike, \(tally.patternOnly.count) apart on a path pattern the documentation "
              + "leaves open, \(tally.disagreements.count) apart otherwise")
        for line in tally.patternOnly { print("  pattern: " + line) }
        #expect(tally.disagreements.isEmpty, "\(tally.disagreements.joined(separator: "\n"))")
        #expect(tally.files >= 30 && tally.urls >= 1000)
    }

    // MARK: assetlinks.json

    static func checkAssetLinks(_ source: Source, _ data: Data, _ tally: inout Tally) throws {
        for package in AppLinksDocReading.packages(data) + ["com.named.by.no.statement"] {
            let statements = AppLinksDocReading.statements(data, package: package).filter(\.granted)
            let config = """
                {"bundleId": "\(package)", "packageName": "\(package)", "home": "home", "tabs": ["home"],
                 "universalLinks": [{"host": "\(routesHost)", "assetlinks": "\(directory)/\(source.name)"}],
                 "routes": [{"name": "any", "match": ["https://\(routesHost)/*rest"], "tab": "home"}]}
                """
            let loaded = try? Config.load(json: Array(config.utf8), file: "corpus/app.json") { try SampleFile.read($0) }
            guard let loaded else {
                if statements.isEmpty { tally.refusedAlike += 1 } else { tally.disagreements.append("\(source.name) \(package): entryd refused the file") }
                continue
            }
            guard !statements.isEmpty else {
                tally.disagreements.append("\(source.name) \(package): entryd read a grant the documentation does not")
                continue
            }
            tally.configs += 1
            let rules = statements.compactMap(\.rules).flatMap { $0 }
            let table = RoutingTable(config: loaded)
            let derived = rules.compactMap { $0["/"] as? String }.flatMap(samples)
            let urls = (paths + derived).flatMap { [$0, $0 + "?dl=1", $0 + "#app", $0 + "?in_app=true&x=1"] }
            for url in urls {
                let parts = Self.split(url)
                let expected = AppLinksDocReading.rulesAllow(rules.isEmpty ? nil : rules, path: parts.path, query: parts.query,
                                                             fragment: parts.fragment) ?? true
                record(table, "https://\(routesHost)\(url)", expected, source.name, &tally, patternDecides: false)
            }
        }
    }

    static func split(_ url: String) -> (path: String, query: [(String, String)], fragment: String) {
        let hashSplit = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let querySplit = hashSplit[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let items = querySplit.count > 1 ? querySplit[1].split(separator: "&").map { item -> (String, String) in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
        } : []
        return (String(querySplit[0]), items, hashSplit.count > 1 ? String(hashSplit[1]) : "")
    }

    // MARK: AndroidManifest.xml

    static func checkManifest(_ source: Source, _ data: Data, _ tally: inout Tally) throws {
        tally.manifests += 1
        let filters = AppLinksDocReading.filters(data)
        let linkFilters = filters.filter { $0.schemes.contains("https") }
        var hosts: [String] = []
        for filter in linkFilters {
            for entry in filter.hosts where entry.port == nil && entry.host != "*" && !hosts.contains(entry.host) && !entry.host.contains("${") && !entry.host.hasPrefix("@") {
                hosts.append(entry.host)
            }
        }
        let unresolved = filters.contains(where: \.unresolved)
        let concrete = hosts.flatMap { host in host.hasPrefix("*.") ? ["m" + host.dropFirst(), "a.b" + host.dropFirst()] : [host] }
        let entries = (hosts.isEmpty ? [routesHost] : hosts).map { host in
            #"{"host": "\#(host)", "assetlinks": "grant.json", "manifest": "\#(directory)/\#(source.name)"}"#
        }
        let routes = (concrete.isEmpty ? [routesHost] : concrete).enumerated().map { index, host in
            #"{"name": "r\#(index)", "match": ["https://\#(host)/*rest"], "tab": "home"}"#
        }
        let config = """
            {"bundleId": "corpus.app", "packageName": "corpus.app", "home": "home", "tabs": ["home"],
             "universalLinks": [\(entries.joined(separator: ", "))], "routes": [\(routes.joined(separator: ", "))]}
            """
        let grant = #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "corpus.app", "sha256_cert_fingerprints": ["\#(AppLinksTests.fingerprint)"]}}]"#
        let loaded = try? Config.load(json: Array(config.utf8), file: "corpus/app.json") { path in
            path.hasSuffix("grant.json") ? Array(grant.utf8) : try SampleFile.read(path)
        }
        guard let loaded else {
            if unresolved { tally.refusedAlike += 1 } else { tally.disagreements.append("\(source.name): entryd refused the manifest") }
            return
        }
        guard !unresolved else {
            tally.disagreements.append("\(source.name): entryd read a manifest with a value only the build fills in")
            return
        }
        tally.configs += 1
        tally.manifestsRead += 1
        let table = RoutingTable(config: loaded)
        let derived = linkFilters.flatMap(\.paths).flatMap { kind, value in
            switch kind {
            case "path": [value, value + "/x"]
            case "pathPrefix": [value, value + "x/y", String(value.dropLast())]
            case "pathSuffix": ["/a" + value, value]
            default: samples(value)
            }
        }
        for host in concrete {
            for path in Set(paths + derived).sorted() where path.hasPrefix("/") {
                let expected = linkFilters.contains { AppLinksDocReading.takes($0, host: host, path: split(path).path) }
                let patternDecides = linkFilters.contains { filter in
                    filter.paths.contains { ($0.kind == "pathPattern" || $0.kind == "pathAdvancedPattern") } && filter.hosts.contains { entry in
                        entry.host.hasPrefix("*") ? host.hasSuffix(entry.host.dropFirst()) : entry.host == host
                    }
                }
                record(table, "https://\(host)\(path)", expected, source.name, &tally, patternDecides: patternDecides)
            }
        }
    }

    /// Paths a pattern (of a component or a path attribute) suggests: its wildcards taking
    /// nothing, or a little, with the characters a class or an escape names.
    static func samples(_ pattern: String) -> [String] {
        var plain = pattern
        for (from, to) in [("\\", ""), ("[^/]", "q"), ("[0-9]", "7"), ("[a-z]", "k"), ("+", ""), ("{", ""), ("}", "")] {
            plain = plain.replacingOccurrences(of: from, with: to)
        }
        return [plain.replacingOccurrences(of: ".*", with: "").replacingOccurrences(of: "*", with: ""),
                plain.replacingOccurrences(of: ".*", with: "ab/cd").replacingOccurrences(of: "*", with: "ab/cd")
                    .replacingOccurrences(of: "?", with: "q"),
                plain.replacingOccurrences(of: ".*", with: "z.z").replacingOccurrences(of: ".", with: "x")]
    }

    static func record(_ table: RoutingTable, _ url: String, _ expected: Bool, _ file: String, _ tally: inout Tally,
                       patternDecides: Bool) {
        tally.urls += 1
        let decided = table.route(url: url, on: .android).failureCode != .notAllowed
        if decided == expected {
            tally.agreements += 1
        } else if patternDecides {
            tally.patternOnly.append("\(file) \(url): entryd \(decided ? "opens" : "refuses"), the documentation read with backtracking \(expected ? "opens" : "refuses")")
        } else {
            tally.disagreements.append("\(file) \(url): entryd \(decided ? "opens" : "refuses"), the documentation \(expected ? "opens" : "refuses")")
        }
    }
}
