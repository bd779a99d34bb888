extension ConfigValidator {
    /// One https pattern, with the paths its URLs can have.
    private struct HostPattern {
        var route: String
        var field: String
        var text: String
        var globs: [PathGlob]
    }

    /// An https pattern that the rules of its host can never allow is an error (its route is
    /// unreachable by that URL); a rule that allows paths no pattern of its host matches, and a
    /// host with no pattern at all, are warnings (such links end `no_route`).
    mutating func checkUniversalLinks() {
        var patterns = [[HostPattern]](repeating: [], count: config.universalLinks.count)
        let hosts = config.universalLinks.map(\.host)
        for route in config.routes {
            for (index, text) in route.match.enumerated() {
                guard let pattern = try? URLPattern.parse(text), pattern.scheme == "https", let host = pattern.host,
                      let hostIndex = LinkHostName.entry(for: host, among: hosts) else { continue }
                var globs = [PathGlob(pattern: pattern, trailingSlash: false)]
                if !pattern.segments.isEmpty { globs.append(PathGlob(pattern: pattern, trailingSlash: true)) }
                patterns[hostIndex].append(HostPattern(route: route.name, field: "match[\(index)]", text: text, globs: globs))
            }
        }
        // A host whose file was refused (or not read, in a config built in code) has no rules to check.
        for (hostIndex, link) in config.universalLinks.enumerated() where link.aasa == nil || link.association != nil {
            let field = "universalLinks[\(hostIndex)]"
            let rules = link.pathRules(field: field)
            for pattern in patterns[hostIndex] {
                if let refusal = refusal(of: pattern.globs, by: rules) {
                    fail(pattern.route, pattern.field, "\"\(pattern.text)\": the universal-link rules of \(link.host) never allow it: \(refusal); its links are all not_allowed")
                }
            }
            guard !patterns[hostIndex].isEmpty else {
                warn(nil, field + ".host", "no route has an https pattern for \(link.host): every link its rules allow ends no_route")
                continue
            }
            for rule in rules where !rule.excludes {
                let matched = patterns[hostIndex].contains { pattern in rule.view(pattern.globs).contains(where: rule.glob.overlaps) }
                if !matched {
                    warn(nil, rule.field, "\"\(rule.written)\" allows paths that no https pattern of \(link.host) matches: such links end no_route")
                }
            }
        }
    }

    /// Why `rules` allow none of the paths `globs` stand for, or nil when some may be allowed:
    /// the first rule that can take one of them decides, as at run time.
    private func refusal(of globs: [PathGlob], by rules: [LinkPathRule]) -> String? {
        for rule in rules {
            let paths = rule.view(globs)
            if rule.excludes {
                if !rule.testsMore, paths.allSatisfy(rule.glob.covers) {
                    return "\"\(rule.written)\" (\(rule.field)) excludes every path of the pattern"
                }
            } else if paths.contains(where: rule.glob.overlaps) {
                return nil
            }
        }
        return "no rule allows its paths"
    }
}
