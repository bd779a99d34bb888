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
        // A host whose file was refused (or not read, in a config built in code) has no rules to
        // check on that platform. Android is checked when the config names the Android app; a
        // host with no file of its own gives Android its `paths`, the rules already checked.
        let platforms: [LinkPlatform] = config.packageName == nil ? [.ios] : [.ios, .android]
        for (hostIndex, link) in config.universalLinks.enumerated() {
            let field = "universalLinks[\(hostIndex)]"
            let rules = platforms.compactMap { platform in link.pathRules(field: field, platform: platform).map { (platform, $0) } }
            let own = rules.filter { platform, _ in platform == .ios || link.assetlinks != nil }
            // The manifest's filters are a union, where an earlier one shadows nothing.
            let manifestOnly = link.appLinks != nil && link.appLinks?.components == nil && link.intentFilters != nil
            for (platform, platformRules) in own where !(platform == .android && manifestOnly) {
                warnShadowed(platformRules, host: link.host)
            }
            let bound = manifestOnly ? nil : link.manifestRules()
            if let bound, let components = rules.first(where: { $0.0 == .android })?.1 { warnBeyondManifest(components, bound, link) }
            for pattern in patterns[hostIndex] {
                let refusals = rules.map { platform, platformRules in
                    let outside = platform == .android ? bound.flatMap { manifestRefusal(of: pattern.globs, by: $0, link) } : nil
                    return (platform, outside ?? refusal(of: pattern.globs, by: platformRules))
                }
                let refused = refusals.filter { $0.1 != nil }
                if !refused.isEmpty, refused.count == refusals.count, let first = refused.first?.1 {
                    let others = refused.dropFirst().map { "; on \($0.0.displayName): \($0.1 ?? "")" }.joined()
                    fail(pattern.route, pattern.field, "\"\(pattern.text)\": the universal-link rules of \(link.host) never allow it: \(first)\(others); its links are all not_allowed")
                } else if let (platform, reason) = refused.first, let allowing = refusals.first(where: { $0.1 == nil }) {
                    warn(pattern.route, pattern.field, "\"\(pattern.text)\": \(allowing.0.displayName) allows it but \(platform.displayName) refuses it (\(reason ?? "")): such a link opens the app on \(allowing.0.displayName) and the browser on \(platform.displayName)")
                }
            }
            guard !patterns[hostIndex].isEmpty else {
                warn(nil, field + ".host", "no route has an https pattern for \(link.host): every link its rules allow ends no_route")
                continue
            }
            for (_, platformRules) in own {
                for rule in platformRules where !rule.excludes {
                    let matched = patterns[hostIndex].contains { pattern in rule.view(pattern.globs).contains(where: rule.glob.overlaps) }
                    if !matched {
                        warn(nil, rule.field, "\"\(rule.written)\" allows paths that no https pattern of \(link.host) matches: such links end no_route")
                    }
                }
            }
        }
    }

    /// A rule that an earlier one already decides for every path it names can never apply (an
    /// exclusion written after the allow that takes its paths): a warning naming both. Only an
    /// earlier rule that tests the path alone can decide for it; case is compared as the earlier
    /// rule compares it, and a later rule that ignores case is shadowed only by one that does too.
    mutating func warnShadowed(_ rules: [LinkPathRule], host: String) {
        var seen = CoveringRules()
        for (index, rule) in rules.enumerated() {
            defer { seen.add(rule, index: index) }
            guard let found = seen.first(covering: rule) else { continue }
            let earlier = rules[found]
            let verb = earlier.excludes ? "excludes" : "allows"
            warn(nil, rule.field, "\"\(rule.written)\" never applies to \(host): \"\(earlier.written)\" (\(earlier.field)) comes first and \(verb) every path it matches")
        }
    }

    /// A dynamic component that allows paths none of the manifest's filters take: Android
    /// keeps those links in the browser, as dynamic rules narrow the manifest and never widen it.
    private mutating func warnBeyondManifest(_ components: [LinkPathRule], _ bound: [LinkPathRule], _ link: UniversalLinkHost) {
        for rule in components where !rule.excludes && !bound.contains(where: { $0.glob.overlaps(rule.glob) }) {
            warn(nil, rule.field, "\"\(rule.written)\" allows paths that no App Link intent filter of \(link.manifest ?? "the manifest") takes for \(link.host): Android opens them in the browser (dynamic rules narrow the manifest, they never widen it)")
        }
    }

    /// Why the manifest's filters take none of the paths `globs` stand for, or nil when they may.
    private func manifestRefusal(of globs: [PathGlob], by bound: [LinkPathRule], _ link: UniversalLinkHost) -> String? {
        guard !bound.contains(where: { rule in globs.contains(where: rule.glob.overlaps) }) else { return nil }
        return "no App Link intent filter of \(link.manifest ?? "the manifest") takes its paths"
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
