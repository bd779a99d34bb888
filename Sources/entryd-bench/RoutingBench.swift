import EntryRouter
import SeededRandom
#if canImport(Glibc)
import Glibc
#endif

/// Routing: ns per URL match (parsing included) with the trie of `RoutingTable`, for tables of
/// 100 to 100 000 routes of mixed shapes, beside a naive matcher that scans every pattern.
///
/// The trie's figure is the median of `ROUTING_ROUNDS` (5) timed rounds, printed with their range:
/// the large tables are bound by cache and address-translation misses, so one round can catch
/// whatever else the machine is doing. `ROUTING_SIZES` (a comma-separated list of route counts),
/// `ROUTING_LINEAR=0` (no linear scan) and `ROUTING_ROUNDS=1` narrow a run, e.g. to the trie alone
/// at 100 routes under `valgrind --tool=callgrind --toggle-collect='*RoutingTable*route*url*'`,
/// where the calls of `route(url:)` then are exactly the warm-up and timed matches.
enum RoutingBench {
    static let sizes = HandoffBench.environment("ROUTING_SIZES")
        .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [100, 1_000, 10_000, 100_000]
    static let linear = HandoffBench.environment("ROUTING_LINEAR") != "0"
    static let rounds = max(1, HandoffBench.environment("ROUTING_ROUNDS").flatMap { Int($0) } ?? 5)
    static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"

    static func run() {
        print("routing: URL → route, parsing included; 80% hits (20% with a query), 20% misses; CPU ns per match"
              + (rounds > 1 ? " (trie: median of \(rounds) rounds, range beside it)" : ""))
        print("machine: load \(loadAverage()); one String-keyed Dictionary lookup costs \(fixed(dictionaryLookupNanos(), 0)) ns here")
        print(pad("routes", 8) + pad("build ms", 10) + pad("trie ns", 10) + pad("range", 12) + pad("trie match/s", 14)
              + pad("linear ns", 12) + pad("linear match/s", 16) + pad("speed-up", 10) + "agree")
        var trieNanos: [Int: Double] = [:]
        var speedUps: [Int: Double] = [:]
        for size in sizes {
            var rng = SplitMix64(seed: UInt64(size))
            let patterns = (0..<size).map { pattern($0) }
            let urls = (0..<4096).map { _ in url(routes: size, &rng) }
            let clock = ContinuousClock()
            let buildStart = clock.now
            let table = RoutingTable(config: config(patterns))
            let build = milliseconds(clock.now - buildStart)
            let naive = NaiveMatcher(patterns: patterns)

            let timed = (0..<rounds).map { _ in
                measure(urls, minimumMatches: 400_000) { table.route(url: $0).successRoute }
            }.sorted()
            let trie = timed[timed.count / 2]
            let range = pad(fixed(timed.first!, 0) + "–" + fixed(timed.last!, 0), 12)
            guard linear else {
                trieNanos[size] = trie
                print(pad("\(size)", 8) + pad(fixed(build, 1), 10) + pad(fixed(trie, 0), 10) + range + pad(count(1e9 / trie), 14))
                continue
            }
            let linear = measure(urls, minimumMatches: max(40, 40_000_000 / size)) { naive.route($0) }
            let agree = urls.prefix(size >= 100_000 ? 200 : 1000).allSatisfy { table.route(url: $0).successRoute == naive.route($0) }
            trieNanos[size] = trie
            speedUps[size] = linear / trie
            print(pad("\(size)", 8) + pad(fixed(build, 1), 10) + pad(fixed(trie, 0), 10) + range + pad(count(1e9 / trie), 14)
                  + pad(fixed(linear, 0), 12) + pad(count(1e9 / linear), 16) + pad(fixed(linear / trie, 0) + "×", 10)
                  + (agree ? "yes" : "NO"))
        }
        guard let small = trieNanos[100], let large = trieNanos[100_000], let speedUp = speedUps[10_000] else { return }
        let growth = large / small
        print("trie cost 100 000 vs 100 routes: \(fixed(growth, 2))× (target ≤ 2×); "
              + "at 10 000 routes \(fixed(speedUp, 0))× faster than linear (target ≥ 50×); "
              + "worst \(fixed(trieNanos.values.max()!, 0)) ns per match (target ≤ 1000 ns)")
    }

    /// Route `i`'s pattern: 50 hosts, a literal unique to the route, then one of eight tails.
    static func pattern(_ i: Int) -> String {
        let host = "sec\(i % 50)"
        switch i % 8 {
        case 0: return "bench://\(host)/item\(i)"
        case 1: return "bench://\(host)/item\(i)/:id"
        case 2: return "bench://\(host)/item\(i)/<int:id>"
        case 3: return "bench://\(host)/item\(i)/<uuid:id>/detail"
        case 4: return "bench://\(host)/item\(i)/*rest"
        case 5: return "bench://\(host)/item\(i)/:a/comments/<int:c>"
        case 6: return "https://bench.example/item\(i)/:id"
        default: return "bench://\(host)/:group/item\(i)/<int:n>"
        }
    }

    /// A URL that matches a random route, or (one time in five) one that matches none.
    static func url(routes: Int, _ rng: inout SplitMix64) -> String {
        let i = Int(rng.next() % UInt64(routes))
        let host = "sec\(i % 50)"
        let query = rng.next() % 5 == 0 ? "?utm_source=mail&ref=\(i)" : ""
        if rng.next() % 5 == 0 {
            switch rng.next() % 3 {
            case 0: return "bench://\(host)/nothing\(i)/x"
            case 1: return "bench://\(host)/item\(i)/1/2/3/4/5"
            default: return "https://bench.example/missing\(i)"
            }
        }
        switch i % 8 {
        case 0: return "bench://\(host)/item\(i)" + query
        case 1: return "bench://\(host)/item\(i)/abc\(i)" + query
        case 2: return "bench://\(host)/item\(i)/\(i * 7)" + query
        case 3: return "bench://\(host)/item\(i)/\(uuid)/detail" + query
        case 4: return "bench://\(host)/item\(i)/docs/a/b" + query
        case 5: return "bench://\(host)/item\(i)/post\(i)/comments/\(i)" + query
        case 6: return "https://bench.example/item\(i)/x\(i)" + query
        default: return "bench://\(host)/g\(i % 3)/item\(i)/\(i)" + query
        }
    }

    static func config(_ patterns: [String]) -> Config {
        Config(bundleId: "com.example.bench", schemes: ["bench"],
               universalLinks: [UniversalLinkHost(host: "bench.example", paths: ["NOT /admin/*", "/*"])],
               home: "home", gates: [], tabs: ["home"], pushLinkKey: nil, modals: [:],
               routes: patterns.enumerated().map { Route(name: "r\($0.offset)", match: [$0.element], presentation: .tab("home")) })
    }

    /// CPU nanoseconds of this thread per call of `match` over `urls`, round-robin, for at least
    /// `minimumMatches` calls. CPU time rather than wall time, so other work on a shared machine
    /// does not count.
    static func measure(_ urls: [String], minimumMatches: Int, _ match: (String) -> String?) -> Double {
        var checksum = 0
        for url in urls.prefix(64) { checksum &+= match(url)?.utf8.count ?? 0 }
        let start = threadCPUNanoseconds()
        var calls = 0
        while calls < minimumMatches {
            for url in urls {
                checksum &+= match(url)?.utf8.count ?? 0
                calls += 1
                if calls >= minimumMatches { break }
            }
        }
        let elapsed = threadCPUNanoseconds() - start
        if checksum == -1 { print("") }
        return elapsed / Double(calls)
    }

    /// A yardstick printed beside the results: on a loaded machine every figure grows alike.
    static func dictionaryLookupNanos() -> Double {
        let keys = (0..<1000).map { "item\($0)" }
        var table: [String: Int] = [:]
        for (index, key) in keys.enumerated() { table[key] = index }
        var sum = 0
        let start = threadCPUNanoseconds()
        for _ in 0..<500 {
            for key in keys { sum &+= table[key] ?? 0 }
        }
        let elapsed = threadCPUNanoseconds() - start
        if sum == -1 { print("") }
        return elapsed / 500_000
    }

    /// The first three fields of /proc/loadavg, or `unknown`.
    static func loadAverage() -> String {
        guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func threadCPUNanoseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }

    static func nanoseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }

    static func milliseconds(_ d: Duration) -> Double { nanoseconds(d) / 1e6 }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64(value * scale + 0.5)
        guard digits > 0 else { return "\(scaled)" }
        let fraction = String(scaled % Int64(scale))
        return "\(scaled / Int64(scale))." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func count(_ value: Double) -> String {
        value >= 1e6 ? fixed(value / 1e6, 2) + " M" : value >= 1e3 ? fixed(value / 1e3, 1) + " k" : fixed(value, 0)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}

/// The obvious matcher: split the URL with the standard library, try every pattern, keep the
/// most specific match. Good enough for the bench's URLs (no percent escapes, no host rules).
struct NaiveMatcher {
    enum Segment {
        case literal(String), int, uuid, param, rest
    }

    struct Pattern {
        var root: String
        var segments: [Segment]
        var name: String
    }

    let patterns: [Pattern]

    init(patterns: [String]) {
        self.patterns = patterns.enumerated().map { index, text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            let isHTTPS = text.hasPrefix("https://")
            let root = isHTTPS ? "https://" + parts[1] : String(parts[0].dropLast())
            let segments: [Segment] = parts.dropFirst(isHTTPS ? 2 : 1).map { part in
                if part.hasPrefix(":") { return .param }
                if part.hasPrefix("*") { return .rest }
                if part.hasPrefix("<int:") { return .int }
                if part.hasPrefix("<uuid:") { return .uuid }
                return .literal(part)
            }
            return Pattern(root: root, segments: segments, name: "r\(index)")
        }
    }

    func route(_ url: String) -> String? {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let path = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let scheme = parts.first?.dropLast().lowercased() else { return nil }
        let isHTTPS = scheme == "https"
        guard !isHTTPS || parts.count > 1 else { return nil }
        let root = isHTTPS ? "https://" + parts[1].lowercased() : scheme
        let segments = Array(parts.dropFirst(isHTTPS ? 2 : 1))
        var best: (rank: [Int], name: String)?
        for pattern in patterns where pattern.root == root {
            guard let rank = Self.rank(pattern.segments, segments) else { continue }
            if best == nil || best!.rank.lexicographicallyPrecedes(rank) { best = (rank, pattern.name) }
        }
        return best?.name
    }

    /// The pattern's precedence key when it matches, else nil.
    static func rank(_ pattern: [Segment], _ segments: [String]) -> [Int]? {
        var rank: [Int] = []
        for (i, segment) in pattern.enumerated() {
            if case .rest = segment { return rank + [2] }
            guard i < segments.count else { return nil }
            let value = segments[i]
            switch segment {
            case .literal(let text):
                guard text == (i == 0 ? value.lowercased() : value) else { return nil }
                rank.append(8)
            case .int:
                guard Int64(value) != nil else { return nil }
                rank.append(6)
            case .uuid:
                guard value.count == 36, value.split(separator: "-").count == 5 else { return nil }
                rank.append(6)
            case .param:
                rank.append(4)
            case .rest:
                return nil
            }
        }
        return pattern.count == segments.count ? rank + [3] : nil
    }
}

extension Result where Success == RouteMatch {
    var successRoute: String? {
        if case .success(let match) = self { return match.route }
        return nil
    }
}
