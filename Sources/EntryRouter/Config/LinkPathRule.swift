/// One rule of a universal-link host, as the load-time checks see it: which paths it is about,
/// whether it excludes them, and where it was written, for messages.
struct LinkPathRule: Sendable {
    var excludes: Bool
    /// The rule's path pattern; ASCII letters lowercased when the rule ignores case.
    var glob: PathGlob
    var caseSensitive: Bool
    /// Whether the rule also tests the query or the fragment, so that its path alone does not
    /// say which URLs it takes: such a rule never counts as excluding a whole pattern.
    var testsMore: Bool
    /// The field of the config or the key of the association file it comes from.
    var field: String
    /// The rule as written, for messages.
    var written: String

    /// The paths of a pattern as this rule compares them.
    func view(_ globs: [PathGlob]) -> [PathGlob] {
        caseSensitive ? globs : globs.map { $0.folded() }
    }
}

extension UniversalLinkHost {
    /// The host's rules as `platform` reads them (its own file, else `paths`), in the order they
    /// are tried; nil when that file was refused or not read (nothing to check). `field` is the
    /// host's place in the config. A component's `/` pattern is its path (`*` when it has none);
    /// its `?` and `#` make it test more than the path.
    func pathRules(field: String, platform: LinkPlatform = .ios) -> [LinkPathRule]? {
        if platform == .android, appLinks != nil, appLinks?.components == nil, let filters = manifestRules() { return filters }
        let file = platform == .ios ? aasa : assetlinks
        let components = platform == .ios ? association?.components : appLinks?.association.components
        if let components, let file {
            return components.map { component in
                let path = component.path
                return LinkPathRule(excludes: component.excludes, glob: path?.glob ?? PathGlob(rule: "*"),
                                    caseSensitive: path?.caseSensitive ?? true,
                                    testsMore: component.query != nil || component.fragment != nil,
                                    field: "\(file) \(component.key)", written: path?.written ?? "*")
            }
        }
        guard file == nil else { return nil }
        return paths.enumerated().map { index, rule in
            let excludes = rule.hasPrefix("NOT ")
            return LinkPathRule(excludes: excludes, glob: PathGlob(rule: excludes ? rule.dropFirst(4) : rule[...]),
                                caseSensitive: true, testsMore: false, field: "\(field).paths[\(index)]", written: rule)
        }
    }
}

extension UniversalLinkHost {
    /// The App Link intent filters of the manifest that name this host, one allowing rule per
    /// path attribute (one taking every path for a filter without any); nil without a manifest.
    /// Android opens a URL any of them takes, so their order does not matter.
    func manifestRules() -> [LinkPathRule]? {
        guard let intentFilters, let manifest else { return nil }
        return intentFilters.filter(namesHost).flatMap { filter -> [LinkPathRule] in
            guard !filter.paths.isEmpty else {
                return [LinkPathRule(excludes: false, glob: PathGlob(rule: "*"), caseSensitive: true, testsMore: false,
                                     field: "\(manifest) \(filter.key)", written: "every path")]
            }
            return filter.paths.map { path in
                LinkPathRule(excludes: false, glob: path.glob, caseSensitive: true, testsMore: false,
                             field: "\(manifest) \(filter.key)", written: path.written)
            }
        }
    }

    /// Whether `filter` takes https links of this entry's host: for a `*.example.com` entry, a
    /// filter for that same wildcard, a wider one or `*`.
    private func namesHost(_ filter: AppLinkIntentFilter) -> Bool {
        guard filter.schemes.contains("https") else { return false }
        let name = host.lowercased()
        guard let suffix = LinkHostName.wildcardSuffix(name) else { return filter.takes(host: name, port: nil) }
        return filter.authorities.contains { authority in
            authority.port == nil && authority.host.hasPrefix("*") && suffix.hasSuffix(authority.host.dropFirst())
        }
    }
}
