import EntryKit

/// `RouteExplanation`s: why a URL or push payload routes where it does.
///
/// Each explanation asks the table for its real answer (`route`, `match`, `PushRoutes.route`) and
/// then tries every pattern of the URL's scheme or host on its own (`PatternTrial`) to say which
/// ones also matched, which rule ranked the winner above them and where the others stopped. That
/// is work in proportion to the size of the config, for a person at a terminal; routing an entry
/// never calls it.
extension RoutingTable {
    typealias Explained = RouteExplanation

    /// How many near misses a `no_route` lists.
    package static let nearestShown = 3

    /// Why `url` routes where it does on `platform`'s phone, or why it does not.
    package func explain(url: String, on platform: LinkPlatform = .ios) -> RouteExplanation {
        var hops: [Explained.Hop] = []
        follow(url, redirect: nil, carried: [], redirects: 0, platform: platform, into: &hops)
        var explanation = RouteExplanation(push: nil, hops: hops, result: route(url: url, on: platform))
        explanation.backStack = backStack(of: explanation.result)
        return explanation
    }

    private func backStack(of result: Result<RouteMatch, WireError>) -> [BackStackScreen] {
        guard case .success(let match) = result else { return [] }
        return backStack(route: match.route, params: match.params)
    }

    /// Why a push payload of `payloadBytes` bytes routes where it does, or why it does not.
    package func explain(push payload: PushPayload, payloadBytes: Int) -> RouteExplanation {
        var explanation = RouteExplanation(push: nil, hops: [], result: route(push: payload, payloadBytes: payloadBytes))
        guard limits.sizeError(push: payload, bytes: payloadBytes) == nil, payload.isObject else { return explanation }
        let value = payload.value
        var step = Explained.PushStep()
        switch pushRoutes.route(payload) {
        case .wrongBundle:
            break
        case .link(let url):
            step.matched = .link(key: config.pushLinkKey ?? "", url: url)
            follow(url, redirect: nil, carried: [], redirects: 0, platform: .ios, into: &explanation.hops)
        case .match(let match):
            let route = config.routes[match.route]
            step.matched = .selector(route: route.name, selector: route.push ?? [:])
            step.params = route.params.sorted { $0.key < $1.key }.compactMap { name, key in
                match.params[name].map { Explained.Param(name: name, value: $0, origin: .payload(key: key)) }
            }
            step.shadowed = config.routes[(match.route + 1)...].filter { later in
                later.push.map { Self.selectorMiss(later.name, $0, value) == nil } ?? false
            }.map(\.name)
            followRedirect(from: match.route, params: step.params, redirects: 0, platform: .ios, into: &explanation.hops)
        case .none:
            // The nearest: a key the payload has before one it lacks, then the closest string value.
            let misses = config.routes.compactMap { route in route.push.flatMap { Self.selectorMiss(route.name, $0, value) } }
            step.misses = misses.enumerated().sorted { a, b in
                (Self.distance(a.element), a.offset) < (Self.distance(b.element), b.offset)
            }.prefix(Self.nearestShown).map(\.element)
        }
        explanation.push = step
        explanation.backStack = backStack(of: explanation.result)
        return explanation
    }

    /// How far a stop is from matching: none for a value of the wrong type, the edit distance for a
    /// literal, and more than any for a pattern of another length.
    private static func distance(_ reason: Explained.StopReason) -> Int {
        switch reason {
        case .notInt, .notUUID, .empty: 0
        case .literal(let expected, let found): NearestName.editDistance(expected, found)
        case .urlEnds, .urlGoesOn: Int.max
        }
    }

    /// How far a payload is from a selector: the edit distance of two strings, more for other values
    /// and most for a missing key.
    private static func distance(_ miss: Explained.SelectorMiss) -> Int {
        guard let found = miss.found else { return Int.max }
        guard case .string(let text) = found, case .string(let expected) = miss.expected else { return Int.max - 1 }
        return NearestName.editDistance(expected, text)
    }

    /// The first key of `selector` (in key order) whose value `payload` does not have.
    private static func selectorMiss(_ route: String, _ selector: [String: JSONValue], _ payload: JSONValue) -> Explained.SelectorMiss? {
        for (key, expected) in selector.sorted(by: { $0.key < $1.key }) where payload[path: key] != expected {
            return Explained.SelectorMiss(route: route, key: key, expected: expected, found: payload[path: key])
        }
        return nil
    }

    /// Explains `url` as one hop, then the redirects its route makes, as `finish` follows them.
    private func follow(_ url: String, redirect: Explained.Redirect?, carried: [Explained.Param], redirects: Int,
                        platform: LinkPlatform, into hops: inout [Explained.Hop]) {
        var winner: Int?
        do {
            let (hop, route) = try ParsedURL.parse(url, maxBytes: limits.maxURLBytes) { (parsed) throws(WireError) in
                explainHop(parsed, url, redirect, carried, platform)
            }
            hops.append(hop)
            winner = route
        } catch {
            hops.append(Explained.Hop(url: url, redirect: redirect, admission: .refused(error)))
        }
        if let winner {
            followRedirect(from: winner, params: hops[hops.count - 1].params, redirects: redirects, platform: platform, into: &hops)
        }
    }

    /// When route `index` redirects, the next hop: its template filled in from `params`, within
    /// `maxRedirectHops` (`redirects` were made before).
    private func followRedirect(from index: Int, params: [Explained.Param], redirects: Int, platform: LinkPlatform,
                                into hops: inout [Explained.Hop]) {
        guard let template = redirectTemplate(of: index), redirects < Self.maxRedirectHops,
              case .redirect(let text) = config.routes[index].presentation,
              case .url(let next) = template.fill(RouteParams(pairs: params.map { (key: $0.name, value: $0.value) })) else {
            return
        }
        follow(next, redirect: Explained.Redirect(route: config.routes[index].name, template: text), carried: params,
               redirects: redirects + 1, platform: platform, into: &hops)
    }

    /// One URL's hop and the index of the route it matched.
    private func explainHop(_ parsed: ParsedURL, _ url: String, _ redirect: Explained.Redirect?,
                            _ carried: [Explained.Param], _ platform: LinkPlatform) -> (Explained.Hop, Int?) {
        var hop = Explained.Hop(url: url, redirect: redirect, admission: .scheme(parsed.schemeText))
        var host: String?
        if let range = parsed.host {
            let name = LinkHostName.withoutDefaultPort(ASCII.lowercased(parsed.bytes.extracting(range)))
            host = name
            if parsed.schemeText == "https", let entry = LinkHostName.entry(for: name, among: config.universalLinks.map(\.host)) {
                let link = config.universalLinks[entry]
                let decision = UniversalLinkRules(host: link, platform: platform).deciding(parsed)
                let file = platform == .ios ? link.aasa : decision.byManifest ? link.manifest : link.assetlinks
                hop.admission = .universalLink(Explained.LinkRuleDecision(
                    host: name, entry: link.host, rules: file ?? "paths", rule: decision.rule, allows: decision.allows, platform: platform))
            }
        }
        do {
            _ = try admit(parsed, url, platform)
        } catch {
            if case .universalLink(let decision) = hop.admission, !decision.allows { return (hop, nil) }
            hop.admission = .refused(error)
            return (hop, nil)
        }
        var trials: [(candidate: Explained.Candidate, route: Int, trial: PatternTrial)] = []
        for (index, route) in config.routes.enumerated() {
            for text in route.match {
                guard let pattern = try? URLPattern.parse(text), pattern.scheme == parsed.schemeText, pattern.host == host else {
                    continue
                }
                trials.append((Explained.Candidate(route: route.name, pattern: text), index, PatternTrial(pattern, parsed)))
            }
        }
        guard let found = try? match(url: url, on: platform) else {
            // Furthest first; of those stopping at one segment, the literal closest to the URL's
            // (a typo), then file order.
            let misses = trials.compactMap { trial in
                trial.trial.stop.map { Explained.NearMiss(candidate: trial.candidate, segment: $0.segment, reason: $0.reason) }
            }
            hop.nearest = misses.enumerated().sorted { a, b in
                (-a.element.segment, Self.distance(a.element.reason), a.offset) < (-b.element.segment, Self.distance(b.element.reason), b.offset)
            }.prefix(Self.nearestShown).map(\.element)
            // The link as received goes to the fallback; a redirect's URL that matches nothing does not.
            if redirect == nil { hop.fallback = fallback.map { config.routes[$0].name } }
            return (hop, nil)
        }
        let matching = trials.filter { $0.trial.stop == nil }
        guard let winner = matching.filter({ $0.route == found.route }).min(by: { $0.trial.beats($1.trial) }) else {
            return (hop, found.route)
        }
        hop.winner = winner.candidate
        hop.beaten = matching.filter { $0.candidate != winner.candidate }.compactMap { other in
            winner.trial.firstDifference(from: other.trial).map {
                Explained.Beaten(candidate: other.candidate, segment: $0.segment, winnerKind: $0.mine, loserKind: $0.theirs)
            }
        }
        var names: Set<String> = []
        var params: [Explained.Param] = []
        for capture in winner.trial.captures where names.insert(capture.name).inserted {
            params.append(Explained.Param(name: capture.name, value: capture.value, origin: .path(segment: capture.segment)))
        }
        parsed.forEachQueryItem { name, value in
            let item = Explained.Param(name: name, value: value, origin: .query)
            if names.insert(name).inserted { params.append(item) } else { hop.lost.append(item) }
        }
        for param in carried where names.insert(param.name).inserted {
            params.append(Explained.Param(name: param.name, value: param.value, origin: .earlierHop))
        }
        hop.params = params.sorted { $0.name < $1.name }
        return (hop, found.route)
    }
}
