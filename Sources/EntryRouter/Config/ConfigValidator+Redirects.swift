extension ConfigValidator {
    /// What a route can put in a param, as far as the redirect checks care.
    enum SampleKind: Hashable {
        /// `<int:name>`.
        case int
        /// `<uuid:name>`.
        case uuid
        /// `:name`, `*name` or a push param: any text at all.
        case text

        /// A value of this kind; `text`'s is neither an integer nor a UUID.
        var value: String {
            switch self {
            case .int: "1"
            case .uuid: "00000000-0000-4000-8000-000000000000"
            case .text: "x"
            }
        }

        var described: String {
            switch self {
            case .int: "an integer"
            case .uuid: "a UUID"
            case .text: "any text"
            }
        }
    }

    /// Where a route's params come from: one pattern (its index in `match`) or, for a route with
    /// no patterns, the push payload.
    struct ParamSource {
        var pattern: Int?
        var kinds: [String: SampleKind]

        var samples: [String: String] { kinds.mapValues(\.value) }
    }

    /// Checks that every value a redirect route can be reached with gives a URL that some route
    /// matches. A template param that can hold any text (`:id`, a push param) is tried with
    /// text first; when only an integer or a UUID would do, the error says so (the target is
    /// typed and every other value fails at run time), else that no route takes the URL at all.
    mutating func checkRedirectTargets(_ table: RoutingTable) {
        for (index, route) in config.routes.enumerated() {
            guard let template = table.redirectTemplate(of: index),
                  case .redirect(let written) = route.presentation else { continue }
            for source in sources(for: route) {
                guard let problem = targetProblem(template, written, source, table) else { continue }
                fail(route.name, "redirect", problem)
                break
            }
        }
    }

    /// What is wrong with filling `template` from `source`, or nil when text reaches a route.
    private func targetProblem(_ template: RedirectTemplate, _ written: String, _ source: ParamSource,
                               _ table: RoutingTable) -> String? {
        let text = source.pattern.map { "match[\($0)] \"\(config.routes[0].match.isEmpty ? "" : "")" } == nil ? "" : ""
        _ = text
        let free = template.pattern.captureNames.filter { source.kinds[$0] == .text }
        guard case .url(let url) = template.fill(RouteParams(source.samples)) else { return nil }
        let failure: WireError
        do {
            _ = try table.match(url: url)
            return nil
        } catch {
            failure = error
        }
        let from = source.pattern.map { "match[\($0)]" } ?? "the push params"
        for kinds in typedChoices(for: free) {
            var samples = source.samples
            for (name, kind) in kinds { samples[name] = kind.value }
            guard case .url(let typedURL) = template.fill(RouteParams(samples)),
                  let typed = try? table.match(url: typedURL) else { continue }
            let needs = kinds.filter { $0.value != .text }.sorted { $0.key < $1.key }
                .map { ":\($0.key) (any text from \(from)) only as \($0.value.described)" }
            return "\"\(written)\" reaches route \(config.routes[typed.route].name) with \(needs.joined(separator: ", ")): every other value ends no_route at run time; capture the same type in this route's patterns"
        }
        return "\"\(written)\" fills to \(url) (with sample values from \(from)), which no route takes: \(failure.message)"
    }

    /// Assignments of `text`, an integer or a UUID to the params that can hold any text, other
    /// than all text (already tried): every combination for up to four params, beyond that all
    /// integers and all UUIDs.
    private func typedChoices(for names: [String]) -> [[String: SampleKind]] {
        guard !names.isEmpty else { return [] }
        guard names.count <= 4 else {
            return [SampleKind.int, .uuid].map { kind in Dictionary(uniqueKeysWithValues: names.map { ($0, kind) }) }
        }
        var choices: [[String: SampleKind]] = [[:]]
        for name in names {
            choices = choices.flatMap { choice in
                [SampleKind.text, .int, .uuid].map { kind in choice.merging([name: kind]) { $1 } }
            }
        }
        return choices.filter { $0.values.contains { $0 != .text } }
    }

    /// Follows each redirect route with sample values for its params (every sample is a real
    /// URL the route matches, so a loop found here is one a sender can hit) and reports loops
    /// and chains longer than the hop limit.
    mutating func checkRedirectLoops(_ table: RoutingTable) {
        var reported: Set<Set<Int>> = []
        for (index, route) in config.routes.enumerated() where table.redirectTemplate(of: index) != nil {
            for source in sources(for: route) {
                var chain = [index]
                var params = RouteParams(source.samples)
                while let template = table.redirectTemplate(of: chain[chain.count - 1]) {
                    if chain.count > RoutingTable.maxRedirectHops {
                        fail(route.name, "redirect", "redirects go on past \(RoutingTable.maxRedirectHops) hops (\(names(chain)) → ...); at most \(RoutingTable.maxRedirectHops) are followed")
                        break
                    }
                    guard case .url(let url) = template.fill(params), let next = try? table.match(url: url) else { break }
                    if let start = chain.firstIndex(of: next.route) {
                        let cycle = Array(chain[start...])
                        if reported.insert(Set(cycle)).inserted {
                            fail(config.routes[cycle.min()!].name, "redirect", "redirect loop \(names(cycle + [next.route])): an entry reaching it can never resolve")
                        }
                        break
                    }
                    chain.append(next.route)
                    params = next.params.filling(from: params)
                }
            }
        }
    }

    private func names(_ chain: [Int]) -> String {
        chain.map { config.routes[$0].name }.joined(separator: " → ")
    }

    /// One source per pattern of `route` that parses, each capture of its type, and every push
    /// param as text; the push params alone for a route without patterns.
    func sources(for route: Route) -> [ParamSource] {
        var push: [String: SampleKind] = [:]
        for name in route.params.keys { push[name] = .text }
        let patterns = route.match.enumerated().compactMap { index, text in
            (try? URLPattern.parse(text)).map { (index, $0) }
        }
        guard !patterns.isEmpty else { return [ParamSource(pattern: nil, kinds: push)] }
        return patterns.map { index, pattern in
            var kinds = push
            for segment in pattern.segments {
                switch segment {
                case .literal: break
                case .int(let name): kinds[name] = .int
                case .uuid(let name): kinds[name] = .uuid
                case .param(let name), .rest(let name): kinds[name] = .text
                }
            }
            return ParamSource(pattern: index, kinds: kinds)
        }
    }
}
