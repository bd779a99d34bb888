import SeededRandom
import Testing
@testable import EntryRouter

/// Random route tables, declared in two orders, must answer every URL as a slow reference does:
/// try every pattern, keep the matching one whose segment kinds rank highest from the left.
@Suite("Routing property")
struct RoutingPropertyTests {
    /// A pattern segment as the reference sees it.
    enum Segment: Hashable {
        case literal(String)
        case int, uuid, param, rest

        /// Precedence at one position; a pattern's end (3) ranks just above a `*` (2) there.
        var rank: Int {
            switch self {
            case .literal: 8
            case .int, .uuid: 6
            case .param: 4
            case .rest: 2
            }
        }

        func text(_ position: Int) -> String {
            switch self {
            case .literal(let text): text
            case .int: "<int:p\(position)>"
            case .uuid: "<uuid:p\(position)>"
            case .param: ":p\(position)"
            case .rest: "*p\(position)"
            }
        }
    }

    static let literals = ["a", "b", "c", "12"]
    static let urlSegments = ["a", "b", "c", "A", "B", "12", "-3", "x", "0f8fad5b-d9cb-469f-a165-70867728950e",
                              "99999999999999999999", "+4"]

    static func referenceMatch(_ pattern: [Segment], _ url: [String]) -> [String: String]? {
        var params: [String: String] = [:]
        for (i, segment) in pattern.enumerated() {
            if segment == .rest {
                guard i <= url.count else { return nil }
                params["p\(i)"] = url[i...].joined(separator: "/")
                return params
            }
            guard i < url.count else { return nil }
            let value = url[i]
            switch segment {
            case .literal(let text):
                guard (i == 0 ? value.lowercased() : value) == text else { return nil }
            case .int:
                guard !value.hasPrefix("+"), Int64(value) != nil else { return nil }
                params["p\(i)"] = value
            case .uuid:
                let groups = value.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
                guard groups == [8, 4, 4, 4, 12], value.allSatisfy({ $0 == "-" || $0.isHexDigit }) else { return nil }
                params["p\(i)"] = value
            case .param:
                guard !value.isEmpty else { return nil }
                params["p\(i)"] = value
            case .rest:
                return nil
            }
        }
        return pattern.count == url.count ? params : nil
    }

    static func referenceRoute(_ routes: [(name: String, pattern: [Segment])], _ url: [String]) -> (String, [String: String])? {
        var best: (key: [Int], name: String, params: [String: String])?
        for route in routes {
            guard let params = referenceMatch(route.pattern, url) else { continue }
            let key = route.pattern.map(\.rank) + (route.pattern.last == .rest ? [] : [3])
            if best == nil || best!.key.lexicographicallyPrecedes(key) { best = (key, route.name, params) }
        }
        return best.map { ($0.name, $0.params) }
    }

    static func randomPattern(_ rng: inout SplitMix64) -> [Segment] {
        let count = Int.random(in: 0...3, using: &rng)
        return (0..<count).map { position in
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<50: .literal(literals.randomElement(using: &rng)!)
            case 50..<62: .int
            case 62..<70: .uuid
            case 70..<90: .param
            default: position == count - 1 ? .rest : .param
            }
        }
    }

    static func table(_ routes: [(name: String, pattern: [Segment])]) throws -> RoutingTable {
        let config = Config(
            bundleId: "com.example.app", schemes: ["app"], universalLinks: [], home: "home", gates: [], tabs: ["home"],
            pushLinkKey: nil, modals: [:],
            routes: routes.map { route in
                Route(name: route.name,
                      match: ["app://" + route.pattern.enumerated().map { $0.element.text($0.offset) }.joined(separator: "/")],
                      presentation: .tab("home"))
            })
        try config.validate(file: "random.json")
        return RoutingTable(config: config)
    }

    @Test(arguments: 1...100)
    func trieAgreesWithReference(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var shapes: Set<[Segment]> = []
        var routes: [(name: String, pattern: [Segment])] = []
        for index in 0..<Int.random(in: 1...30, using: &rng) {
            let pattern = Self.randomPattern(&rng)
            if shapes.insert(pattern).inserted { routes.append(("r\(index)", pattern)) }
        }
        let declared = try Self.table(routes)
        let shuffled = try Self.table(routes.shuffled(using: &rng))
        for _ in 0..<100 {
            let segments = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Self.urlSegments.randomElement(using: &rng)! }
            let url = "app://" + segments.joined(separator: "/")
            let expected = Self.referenceRoute(routes, segments)
            for (order, table) in [("declared", declared), ("shuffled", shuffled)] {
                let got: (String, [String: String])?
                switch table.route(url: url) {
                case .success(let match): got = (match.route, match.params.dictionary)
                case .failure(let error) where error.code == .noRoute: got = nil
                case .failure(let error): Issue.record("seed \(seed), \(order): \(url): \(error.message)"); continue
                }
                if got?.0 != expected?.0 || got?.1 != expected?.1 {
                    Issue.record("seed \(seed), \(order) table: \(url) gave \(String(describing: got)), reference \(String(describing: expected))")
                }
            }
        }
    }
}
