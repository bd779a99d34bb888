import EntryKit

/// The rules a `Config` must meet before a router runs it (docs/CONFIG.md): every name it refers to is
/// declared, every pattern parses and is reachable by an allowed URL, no two patterns are
/// ambiguous, no redirect loop can be seen, and nothing in the table can never work (a redirect
/// to a URL no route takes, a shadowed push selector, a pattern the universal-link rules never
/// allow). Returns all problems, in file order, and warnings for what is merely suspicious.
struct ConfigValidator {
    let config: Config
    let file: String
    private(set) var errors: [ConfigError] = []
    private(set) var warnings: [ConfigWarning] = []

    /// Schemes the system or the web own: an app may not claim them as its custom scheme.
    static let reservedSchemes: Set<String> = ["http", "https", "tel", "mailto", "sms", "file"]

    init(config: Config, file: String) {
        self.config = config
        self.file = file
    }

    /// Every error and warning. The checks that follow redirects run on a table built from the
    /// config even when earlier checks failed (a pattern that does not parse then matches
    /// nothing), so that a loop is listed with the other problems rather than in a second run.
    func findings() -> (errors: [ConfigError], warnings: [ConfigWarning]) {
        var validator = self
        validator.checkTop()
        validator.checkRoutes()
        validator.checkDeferred()
        validator.checkPatterns()
        validator.checkPushSelectors()
        validator.checkUniversalLinks()
        let table = RoutingTable(config: config)
        validator.checkRedirectTargets(table)
        validator.checkRedirectLoops(table)
        validator.checkFallback()
        validator.checkBackStacks(table)
        return (validator.errors, validator.warnings)
    }

    mutating func fail(_ route: String?, _ field: String, _ problem: String) {
        errors.append(ConfigError(file: file, route: route, field: field, problem: problem))
    }

    mutating func warn(_ route: String?, _ field: String, _ problem: String) {
        warnings.append(ConfigWarning(file: file, route: route, field: field, problem: problem))
    }

    private mutating func checkTop() {
        if config.bundleId.isEmpty { fail(nil, "bundleId", "must not be empty") }
        if config.home.isEmpty { fail(nil, "home", "must name the home screen") }
        if config.pushLinkKey?.isEmpty == true { fail(nil, "pushLinkKey", "must not be empty; leave it out instead") }
        var schemes: Set<String> = []
        for (index, scheme) in config.schemes.enumerated() {
            let field = "schemes[\(index)]"
            let folded = ASCII.lowercased(scheme)
            let utf8 = Array(folded.utf8)
            if Self.reservedSchemes.contains(folded) {
                fail(nil, field, "\"\(scheme)\" is reserved and cannot be a custom scheme (https links belong in universalLinks)")
            } else if utf8.isEmpty || !ASCII.isAlpha(utf8[0]) || !utf8.allSatisfy(ASCII.isSchemeByte) {
                fail(nil, field, "\"\(scheme)\" is not a scheme: a letter, then letters, digits, +, - or .")
            } else if !schemes.insert(folded).inserted {
                fail(nil, field, "\"\(scheme)\" is declared twice")
            }
        }
        checkAppId()
        var hosts: Set<String> = []
        for (index, link) in config.universalLinks.enumerated() {
            let field = "universalLinks[\(index)]"
            let host = ASCII.lowercased(link.host)
            let name = host.hasPrefix("*.") ? host.dropFirst(2) : host[...]
            if name.isEmpty || name.utf8.contains(where: { !(ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")) }) {
                fail(nil, field + ".host", "\"\(link.host)\" is not a host name (letters, digits, - and ., or *. and a domain for its subdomains)")
            } else if !hosts.insert(host).inserted {
                fail(nil, field + ".host", "\"\(link.host)\" is listed twice; merge its rules into one entry")
            }
            if link.aasa != nil {
                if !link.paths.isEmpty {
                    fail(nil, field, "has both \"paths\" and \"aasa\": the rules come from one of them")
                }
                continue
            }
            if link.paths.isEmpty && link.assetlinks == nil {
                fail(nil, field + ".paths", "empty: no URL of this host would be allowed (or name an \"aasa\" or \"assetlinks\" file)")
            }
            for (pathIndex, rule) in link.paths.enumerated() {
                let glob = rule.hasPrefix("NOT ") ? rule.dropFirst(4) : rule[...]
                if !(glob.hasPrefix("/") || glob.hasPrefix("*")) {
                    fail(nil, "\(field).paths[\(pathIndex)]", "\"\(rule)\" must start with / or * (after an optional \"NOT \")")
                }
            }
        }
        duplicates(config.tabs, "tabs")
        duplicates(config.gates, "gates")
        for (index, name) in config.tabs.enumerated() where name.isEmpty { fail(nil, "tabs[\(index)]", "must not be empty") }
        for (index, name) in config.gates.enumerated() where name.isEmpty { fail(nil, "gates[\(index)]", "must not be empty") }
    }

    /// `appId` is `PREFIX.bundleId`: a file's app ids are compared with it whole.
    private mutating func checkAppId() {
        guard let appId = config.appId, !config.hasValidAppId else { return }
        fail(nil, "appId", "\"\(appId)\" is not PREFIX.\(config.bundleId): the app id prefix (usually the team id, letters and digits), a dot, then bundleId")
    }

    private mutating func duplicates(_ names: [String], _ field: String) {
        var seen: Set<String> = []
        for (index, name) in names.enumerated() where !seen.insert(name).inserted {
            fail(nil, "\(field)[\(index)]", "\"\(name)\" is listed twice")
        }
    }

    private mutating func checkRoutes() {
        var firstIndex: [String: Int] = [:]
        for (index, route) in config.routes.enumerated() {
            let name = route.name
            if name.isEmpty { fail(nil, "routes[\(index)].name", "must not be empty") }
            if let first = firstIndex[name] {
                fail(name, "name", "route name is used twice (routes[\(first)] and routes[\(index)]); names must be unique")
            } else {
                firstIndex[name] = index
            }
            switch route.presentation {
            case .modal(let kind) where config.modals[kind] == nil:
                fail(name, "modal", "unknown modal kind \"\(kind)\"; kinds in \"modals\": \(list(config.modals.keys))")
            case .show(let tab) where !config.tabs.contains(tab):
                fail(name, "show", "unknown tab \"\(tab)\"; \"tabs\": \(list(config.tabs))")
            case .tab(let tab) where !config.tabs.contains(tab):
                fail(name, "tab", "unknown tab \"\(tab)\"; \"tabs\": \(list(config.tabs))")
            default:
                break
            }
            for (gateIndex, gate) in route.requires.enumerated() {
                if let problem = unknownGate(gate) { fail(name, "requires[\(gateIndex)]", problem) }
            }
            checkActionsPlace(route)
            checkDismissFirst(route)
            for (action, steps) in route.actions.sorted(by: { $0.key < $1.key }) {
                for (stepIndex, step) in steps.enumerated() {
                    if case .selectTab(let tab) = step, !config.tabs.contains(tab) {
                        fail(name, "actions.\(action)[\(stepIndex)]", "selectTab:\(tab) names an unknown tab; \"tabs\": \(list(config.tabs))")
                    }
                }
            }
            if route.match.isEmpty && route.push == nil && route.name != config.fallback {
                fail(name, "match", "the route has neither \"match\" patterns nor a \"push\" selector, so nothing can reach it")
            }
            if !route.params.isEmpty && route.push == nil {
                fail(name, "params", "params are read from push payloads, but this route has no \"push\" selector; path and query params need no declaration")
            }
            for (param, path) in route.params.sorted(by: { $0.key < $1.key }) where path.isEmpty || param.isEmpty {
                fail(name, "params.\(param)", "needs a param name and a non-empty key path")
            }
            if route.push?.isEmpty == true {
                fail(name, "push", "an empty selector would take every payload; name at least one key")
            }
        }
    }

    /// `a, b, c` in sorted order, or `none declared`.
    func list(_ names: some Sequence<String>) -> String {
        let sorted = names.sorted()
        return sorted.isEmpty ? "none declared" : sorted.joined(separator: ", ")
    }
}
