/// The `fallback` route (docs/CONFIG.md): where an allowed link that matches no pattern goes.
extension ConfigValidator {
    /// The fallback names a show or tab route that can open with nothing but the param `url`: an
    /// unmatched link carries no other, so a route whose screen expects one (a capture of its
    /// patterns, a push param, a back-stack template's param) would open without it.
    mutating func checkFallback() {
        guard let name = config.fallback else { return }
        guard let route = config.route(named: name) else {
            let near = NearestName.suggestion(for: name, among: config.routes.map(\.name))
            fail(nil, "fallback", "no route is named \"\(name)\"" + (near.map { "; did you mean \"\($0)\"?" } ?? ""))
            return
        }
        let what: String
        switch route.presentation {
        case .show, .tab:
            break
        case .modal(let kind):
            what = "a modal (\(kind)) would take the modal slot for a link nobody meant as one"
            fail(nil, "fallback", "route \(name) is not a show or tab route: \(what)")
            return
        case .redirect:
            fail(nil, "fallback", "route \(name) is a redirect route; name the show or tab route it leads to")
            return
        }
        var expected: [String] = []
        for (index, text) in route.match.enumerated() {
            guard let pattern = try? URLPattern.parse(text) else { continue }
            for segment in pattern.segments {
                switch segment {
                case .int("url"), .uuid("url"):
                    fail(nil, "fallback", "route \(name) captures url as a typed param in match[\(index)]; an unmatched link is text, not \(PatternTrial.written(segment))")
                default:
                    if let capture = segment.captureName, capture != "url" { expected.append(capture) }
                }
            }
        }
        expected += route.params.keys.filter { $0 != "url" }
        for template in route.backStack {
            expected += ((try? URLPattern.parse(template, allowTypes: false))?.captureNames ?? []).filter { $0 != "url" }
        }
        let missing = Set(expected).sorted()
        guard !missing.isEmpty else { return }
        fail(nil, "fallback", "route \(name) expects param \(missing.joined(separator: ", ")), but an unmatched link reaches it with url alone: name a route whose screen needs nothing but url")
    }
}
