/// The reverse of routing (`entryd link`): the URLs a route answers to for given params, each
/// checked by routing it back.
extension RoutingTable {
    /// Why no URL can be made for a route at all.
    package enum LinkError: Error, Sendable, Hashable, CustomStringConvertible {
        case unknownRoute(String, suggestion: String?)
        /// A route with no `match` patterns: reached by push only, or as the config's fallback.
        case noPatterns(String, isFallback: Bool)

        package var description: String {
            switch self {
            case .unknownRoute(let name, let suggestion):
                "no route is named \(name)" + (suggestion.map { "; did you mean \($0)?" } ?? "")
            case .noPatterns(let name, false): "route \(name) has no match patterns (it is reached by push only)"
            case .noPatterns(let name, true):
                "route \(name) has no match patterns: it is the config's fallback, which every allowed link that "
                    + "matches no pattern reaches, with the link as its param url"
            }
        }
    }

    /// One pattern of the route, filled in.
    package struct Link: Sendable, Hashable {
        package var pattern: String
        package var outcome: Outcome

        package enum Outcome: Sendable, Hashable {
            /// The URL and what routing it back gives.
            case url(String, check: Check)
            /// The pattern cannot take these params: why.
            case unfillable(String)
        }

        /// What the URL routes back to, redirects not followed.
        package enum Check: Sendable, Hashable {
            /// This route, with exactly the params given.
            case routesBack
            /// Another route, or other params: the URL does not stand for what was asked.
            case routesTo(route: String, params: RouteParams)
            case refused(WireError)
        }
    }

    /// The URL of each of route `name`'s patterns for `params`: captures from the params of their
    /// names, the other params as query items (in name order), each URL routed back (`match`,
    /// redirects not followed) to check that it reaches this route with these params.
    package func links(route name: String, params: [String: String]) throws(LinkError) -> [Link] {
        guard let index = config.routes.firstIndex(where: { $0.name == name }) else {
            throw .unknownRoute(name, suggestion: NearestName.suggestion(for: name, among: config.routes.map(\.name)))
        }
        let route = config.routes[index]
        guard !route.match.isEmpty else { throw .noPatterns(name, isFallback: config.fallback == name) }
        return route.match.map { text in
            guard let pattern = try? URLPattern.parse(text) else { return Link(pattern: text, outcome: .unfillable("the pattern does not parse")) }
            switch Self.fill(pattern, params) {
            case .failure(let reason):
                return Link(pattern: text, outcome: .unfillable(reason.message))
            case .success(let url):
                let check: Link.Check
                do throws(WireError) {
                    let found = try match(url: url)
                    let expected = RouteParams(params)
                    check = found.route == index && found.params == expected
                        ? .routesBack : .routesTo(route: config.routes[found.route].name, params: found.params)
                } catch {
                    check = .refused(error)
                }
                return Link(pattern: text, outcome: .url(url, check: check))
            }
        }
    }

    /// Why a pattern cannot take the params given.
    private struct Unfillable: Error {
        var message: String
    }

    /// `pattern` filled in from `params`, each segment percent-encoded; the params it does not
    /// capture become the query.
    private static func fill(_ pattern: URLPattern, _ params: [String: String]) -> Result<String, Unfillable> {
        var parts: [String] = []
        if let host = pattern.host { parts.append(host) }
        for segment in pattern.segments {
            let written = PatternTrial.written(segment)
            switch segment {
            case .literal(let text):
                parts.append(PercentEncoding.encodeSegment(text))
                continue
            case .int(let name), .uuid(let name), .param(let name), .rest(let name):
                guard let value = params[name] else { return .failure(Unfillable(message: "\(written) needs param \(name)")) }
                let fits = value.withUTF8View { utf8 in
                    switch segment {
                    case .int: SegmentTypes.isInt(utf8)
                    case .uuid: SegmentTypes.isUUID(utf8)
                    case .param: !utf8.isEmpty
                    default: true
                    }
                }
                guard fits else { return .failure(Unfillable(message: "\(written) does not take `\(value)`")) }
                if case .rest = segment {
                    parts.append(value.split(separator: "/", omittingEmptySubsequences: false)
                        .map { PercentEncoding.encodeSegment(String($0)) }.joined(separator: "/"))
                } else {
                    parts.append(PercentEncoding.encodeSegment(value))
                }
            }
        }
        let captured = Set(pattern.captureNames)
        let query = params.filter { !captured.contains($0.key) }.sorted { $0.key < $1.key }
            .map { PercentEncoding.encodeSegment($0.key) + "=" + PercentEncoding.encodeSegment($0.value) }
        return .success(pattern.scheme + "://" + parts.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }
}
