/// An app's route configuration (SPEC §4), validated.
///
/// Build one with `Config.load(json:file:)`; every value here has passed validation,
/// so the router never meets an unknown modal kind, tab or gate.
public struct Config: Sendable {
    public var bundleId: String
    public var schemes: [String]
    public var universalLinks: [UniversalLinkHost]
    public var home: String
    public var gates: [String]
    public var tabs: [String]
    public var pushLinkKey: String?
    /// Modal kind → priority (lower is presented first).
    public var modals: [String: Int]
    public var routes: [Route]
    /// What `load` found suspicious but not wrong, in file order: for `check-config` to print
    /// and `serve` to log. Empty for a config built in code (`validate` returns its warnings).
    public var warnings: [ConfigWarning] = []

    public init(bundleId: String, schemes: [String], universalLinks: [UniversalLinkHost], home: String,
                gates: [String], tabs: [String], pushLinkKey: String?, modals: [String: Int], routes: [Route]) {
        self.bundleId = bundleId
        self.schemes = schemes
        self.universalLinks = universalLinks
        self.home = home
        self.gates = gates
        self.tabs = tabs
        self.pushLinkKey = pushLinkKey
        self.modals = modals
        self.routes = routes
    }

    /// The tab a scene starts on (R13c): `home` if it is a tab, else the first tab.
    public var homeTab: String? { tabs.contains(home) ? home : tabs.first }

    /// The route named `name`, if any.
    public func route(named name: String) -> Route? { routes.first { $0.name == name } }
}

/// One host of the universal links and its apple-app-site-association style `paths` list.
public struct UniversalLinkHost: Sendable, Hashable {
    public var host: String
    public var paths: [String]

    public init(host: String, paths: [String]) {
        self.host = host
        self.paths = paths
    }
}
