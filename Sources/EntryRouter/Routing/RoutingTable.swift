import EntryKit

/// A host's universal-link rules on each platform.
struct PlatformRules: Sendable {
    let ios: UniversalLinkRules
    let android: UniversalLinkRules

    init(host: UniversalLinkHost) {
        ios = UniversalLinkRules(host: host, platform: .ios)
        android = UniversalLinkRules(host: host, platform: .android)
    }

    subscript(platform: LinkPlatform) -> UniversalLinkRules {
        platform == .ios ? ios : android
    }
}

/// Turns a URL or a push payload into a `RouteMatch` (docs/CONFIG.md).
///
/// Built once per config: patterns go into a `RouteTrie`, so matching a URL costs about the same
/// with ten routes as with a hundred thousand. A config from `Config.load` is valid; for a config
/// built by hand, a pattern or redirect template that does not parse never matches, and of two
/// patterns with the same shape the first declared is kept.
///
/// A class, immutable once built: the router holds it as `any EntryRouting`, and a reference is
/// stored in the existential itself, where a struct of this size would be boxed and copied whole by
/// the witness on every entry routed.
public final class RoutingTable: EntryRouting {
    package let config: Config
    private let trie: RouteTrie
    /// Per route, in config order, its compiled route; nil for a redirect route. One word a route,
    /// so a hit reads one line here and then its route.
    let compiled: [CompiledRoute?]
    /// The redirect routes' templates, by route index; a redirect route whose template does not
    /// parse (only in a config that was not loaded) has none.
    private let redirects: [Int: RedirectTemplate]
    /// Host → rules and the trie root of its patterns; a short list, scanned (cheaper than
    /// hashing the host). A pattern host that only a wildcard entry names has an entry here too,
    /// with the wildcard's rules.
    private let universalLinks: [(host: FoldedName, rules: PlatformRules, root: UInt32?)]
    /// The wildcard entries (`*.example.com`) as `.example.com`, longest first, for a host the
    /// list above does not have: looked at only then, so a listed host costs no more for them.
    private let wildcardLinks: [(suffix: String, rules: PlatformRules)]
    /// The declared custom schemes and the trie root of each one's patterns.
    private let schemes: [(name: FoldedName, root: UInt32?)]
    /// The routes with a `push` selector, in file order, with their selectors compiled, and the
    /// bundle and link keys every push is checked for.
    let pushRoutes: PushRoutes
    /// The index of the config's `fallback` route, when it names a show or tab route: an allowed
    /// link that matches no pattern goes there with the param `url` (docs/CONFIG.md).
    let fallback: Int?
    /// The `backStack` templates of the show routes that declare one, by route name; empty for most
    /// configs, so a show of a route without one costs a check of `isEmpty`.
    let backStacks: [String: [RedirectTemplate]]

    /// Redirects followed for one entry before giving up with `no_route` (docs/CONFIG.md).
    package static let maxRedirectHops = 5
    /// The payload and URL limits (docs/PROTOCOL.md: 4096 bytes as APNs, 2048 bytes), from `serve`'s flags.
    package let limits: RouterLimits
    /// The payload key of an `.apns` file that names the app it is meant for.
    package static let simulatorBundleKey = "Simulator Target Bundle"

    public init(config: Config, limits: RouterLimits = RouterLimits()) {
        self.config = config
        self.limits = limits
        var builder = RouteTrie.Builder()
        var redirects: [Int: RedirectTemplate] = [:]
        var backStacks: [String: [RedirectTemplate]] = [:]
        var pushRoutes: [(route: Int, reader: PushParams)] = []
        var linkHosts: [String] = []
        var seenHosts: Set<String> = []
        for (index, route) in config.routes.enumerated() {
            for text in route.match {
                guard let pattern = try? URLPattern.parse(text) else { continue }
                builder.insert(pattern, route: index)
                if pattern.scheme == "https", let host = pattern.host, seenHosts.insert(host).inserted { linkHosts.append(host) }
            }
            if let selector = route.push { pushRoutes.append((index, PushParams(selector: selector, params: route.params, identity: route.identity))) }
            if case .redirect(let template) = route.presentation { redirects[index] = try? RedirectTemplate(template) }
            if case .show = route.presentation, !route.backStack.isEmpty, backStacks[route.name] == nil {
                backStacks[route.name] = route.backStack.compactMap { try? RedirectTemplate($0) }
            }
        }
        self.backStacks = backStacks
        let trie = builder.build()
        self.trie = trie
        let compiled = CompiledRoute.compile(config)
        self.compiled = compiled
        self.fallback = config.fallback.flatMap { name in
            config.routes.firstIndex { $0.name == name }.flatMap { index in compiled[index]?.isModal == false ? index : nil }
        }
        self.redirects = redirects
        self.pushRoutes = PushRoutes(pushRoutes, bundleId: config.bundleId, linkKey: config.pushLinkKey)
        self.schemes = config.schemes.map { scheme in
            let name = FoldedName(scheme)
            return (name, trie.root(scheme: name.text, host: nil))
        }
        var links: [(host: FoldedName, rules: PlatformRules, root: UInt32?)] = []
        var wildcards: [(suffix: String, rules: PlatformRules)] = []
        for link in config.universalLinks {
            let rules = PlatformRules(host: link)
            if let suffix = LinkHostName.wildcardSuffix(link.host) {
                wildcards.append((suffix, rules))
            } else {
                let host = FoldedName(link.host)
                links.append((host, rules, trie.root(scheme: "https", host: host.text)))
            }
        }
        let entries = config.universalLinks.map(\.host)
        for host in linkHosts where !links.contains(where: { $0.host.text == host }) {
            guard let entry = LinkHostName.entry(for: host, among: entries) else { continue }
            links.append((FoldedName(host), PlatformRules(host: config.universalLinks[entry]), trie.root(scheme: "https", host: host)))
        }
        self.universalLinks = links
        self.wildcardLinks = wildcards.sorted { $0.suffix.count > $1.suffix.count }
    }

    /// Routes a URL (custom scheme or universal link).
    ///
    /// Params are the path captures plus the query items; a path param wins over a query item of
    /// the same name, and of a repeated query key the first occurrence wins (`?a=1&a=2` gives
    /// `a=1`). A `+` in the query stays a `+`: URLs are read as RFC 3986, not as HTML forms.
    /// An allowed URL that no pattern matches goes to the fallback route, when the config has one;
    /// a refused one stays refused (the phone would open it in the browser).
    public func route(url: String) -> Result<RouteMatch, WireError> {
        route(url: url, on: .ios)
    }

    /// Routes a URL as the phone of `platform` lets it in: its universal links by that platform's
    /// rules (docs/CONFIG.md, Android App Links).
    public func route(url: String, on platform: LinkPlatform) -> Result<RouteMatch, WireError> {
        do {
            let found = try match(url: url, on: platform)
            return finish(route: found.route, params: found.params, hops: 0)
        } catch {
            guard error.code == .noRoute, let fallback else { return .failure(error) }
            return finish(route: fallback, params: Self.fallbackParams(url), hops: 0)
        }
    }

    /// The params an unmatched link takes to the fallback route: the link as received.
    static func fallbackParams(_ url: String) -> RouteParams {
        RouteParams(["url": url])
    }

    /// One URL match, redirects not followed: the route index and the params (path params win
    /// over query items; of a repeated query key the first wins, as most web stacks read it).
    func match(url: String, on platform: LinkPlatform = .ios) throws(WireError) -> URLMatch {
        try ParsedURL.parse(url, maxBytes: limits.maxURLBytes) { (parsed) throws(WireError) -> URLMatch in
            guard let root = try admit(parsed, url, platform), let terminal = trie.match(parsed, from: root) else {
                // Concatenated, not interpolated: misses are a common answer, and interpolation
                // costs several times as much for the same text.
                throw WireError(.noRoute, "no route matches " + url)
            }
            return URLMatch(route: Int(terminal.route), params: params(trie.layouts[Int(terminal.layout)], parsed))
        }
    }

    /// Refuses a URL whose scheme the config does not declare, or whose https host or path its
    /// universal-link rules do not list; else the trie root of its scheme or host, nil when no
    /// pattern has it.
    func admit(_ parsed: ParsedURL, _ url: String, _ platform: LinkPlatform = .ios) throws(WireError) -> UInt32? {
        guard let host = parsed.host else {
            let scheme = parsed.bytes.extracting(parsed.scheme)
            for index in schemes.indices where schemes[index].name.matches(scheme) { return schemes[index].root }
            throw WireError(.notAllowed, "scheme \(parsed.schemeText) is not declared in the config: \(url)")
        }
        guard ASCII.equalFolded(parsed.bytes.extracting(parsed.scheme), "https") else {
            throw WireError(.notAllowed, "plain \(parsed.schemeText) is not allowed, universal links use https: \(url)")
        }
        if let index = universalLinks.indices.first(where: { universalLinks[$0].host.matches(parsed.bytes.extracting(host)) }) {
            let rules = universalLinks[index].rules[platform]
            guard rules.allows(parsed) else { throw refused(parsed, host, url, rules, platform) }
            return universalLinks[index].root
        }
        guard let (rules, root) = otherLink(ASCII.lowercased(parsed.bytes.extracting(host))) else {
            throw WireError(.notAllowed, "\(ASCII.lowercased(parsed.bytes.extracting(host))) is not a universal-link host of this app: \(url)")
        }
        guard rules[platform].allows(parsed) else { throw refused(parsed, host, url, rules[platform], platform) }
        return root
    }

    private func refused(_ parsed: ParsedURL, _ host: Range<Int>, _ url: String, _ rules: UniversalLinkRules,
                         _ platform: LinkPlatform) -> WireError {
        let reason = rules.refusal(parsed, host: ASCII.lowercased(parsed.bytes.extracting(host)))
        return WireError(.notAllowed, (platform == .ios ? reason : reason + " (Android App Links)") + ": " + url)
    }

    /// The rules and root for a host the listed ones do not equal as written: the same host with
    /// an explicit `:443`, or a subdomain a wildcard entry names (with no pattern of its own, so
    /// no root).
    private func otherLink(_ host: String) -> (PlatformRules, UInt32?)? {
        let host = LinkHostName.withoutDefaultPort(host)
        if let link = universalLinks.first(where: { $0.host.text == host }) { return (link.rules, link.root) }
        guard let wildcard = wildcardLinks.first(where: { host.count > $0.suffix.count && host.hasSuffix($0.suffix) }) else {
            return nil
        }
        return (wildcard.rules, nil)
    }

    /// The captures of `layout` from `parsed`'s segments, plus its query items.
    private func params(_ layout: CaptureLayout, _ parsed: ParsedURL) -> RouteParams {
        func value(_ capture: Int) -> String {
            let position = layout.key.positions[capture]
            return layout.key.takesRest && capture == layout.count - 1 ? parsed.rest(from: position) : parsed.text(position)
        }
        guard parsed.queryItemCount == 0 else {
            // Captures first, then query items in their order: of equal names the first is kept.
            var pairs: [(key: String, value: String)] = []
            for capture in 0..<layout.count { pairs.append((layout.key.names[capture], value(capture))) }
            parsed.forEachQueryItem { name, value in pairs.append((name, value)) }
            return RouteParams(pairs: pairs)
        }
        guard layout.count > 0 else { return RouteParams() }
        return RouteParams.build { builder in
            for capture in layout.order { builder.append(key: layout.key.names[capture], value: value(capture)) }
        }
    }

    /// One URL's route index and params, before redirects. (A struct, not a tuple: a tuple in a
    /// generic `Result` costs a runtime metadata lookup on every call.)
    struct URLMatch {
        var route: Int
        var params: RouteParams
    }

    /// The redirect template of route `index`, if it is a redirect route with a valid one.
    func redirectTemplate(of index: Int) -> RedirectTemplate? {
        compiled[index] == nil ? redirects[index] : nil
    }

    /// Builds the match of route `index`, following redirects. A redirect's params are the
    /// target URL's, with the params of the hop before filling in names the target does not set.
    func finish(route index: Int, params: RouteParams, hops: Int) -> Result<RouteMatch, WireError> {
        if let route = compiled[index] {
            var identity: String?
            if let name = route.identityParam { identity = params[name] }
            return .success(RouteMatch(route, params: params, identity: identity))
        }
        let name = config.routes[index].name
        guard let template = redirects[index] else {
            return .failure(WireError(.noRoute, "route \(name) has a redirect template that does not parse"))
        }
        guard hops < Self.maxRedirectHops else {
            return .failure(WireError(.noRoute, "redirects reach route \(name) after \(hops) hops, the limit (a redirect loop?)"))
        }
        let url: String
        switch template.fill(params) {
        case .url(let filled): url = filled
        case .missing(let param):
            return .failure(WireError(.noRoute, "route \(name) redirects with param \(param), which this entry does not have"))
        }
        do {
            let next = try match(url: url)
            return finish(route: next.route, params: next.params.filling(from: params), hops: hops + 1)
        } catch {
            return .failure(WireError(.noRoute, "route \(name) redirects to \(url): \(error.message)"))
        }
    }

    /// `finish` for a push route's match: the params moved into the match rather than copied, and the
    /// identity value (R7) as `PushParams` read it, so that no name is hashed. The identity value is
    /// the route's own: a redirect route's target finds its value by name, as for a URL. Inlined: as
    /// a call on the class, the route and the identity value would be retained around it.
    @inline(__always)
    func finish(push index: Int, params: consuming RouteParams, identity: consuming String?) -> Result<RouteMatch, WireError> {
        guard let route = compiled[index] else { return finish(route: index, params: params, hops: 0) }
        return .success(RouteMatch(route, params: params, identity: identity))
    }
}
