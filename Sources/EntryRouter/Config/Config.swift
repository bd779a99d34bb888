/// An app's route configuration (docs/CONFIG.md), validated.
///
/// Build one with `Config.load(json:file:)`; every value here has passed validation,
/// so the router never meets an unknown modal kind, tab or gate.
public struct Config: Sendable {
    package var bundleId: String
    /// The app's application identifier, `PREFIX.bundleId` (the prefix is usually the team id):
    /// how an apple-app-site-association file names the app. Needed only by `aasa` hosts.
    package var appId: String?
    /// The Android app's package name (its application id): how a Digital Asset Links file names
    /// the app. Needed only by `assetlinks` hosts.
    package var packageName: String?
    package var schemes: [String]
    package var universalLinks: [UniversalLinkHost]
    package var home: String
    package var gates: [String]
    /// The gates every deferred link waits for besides its route's own (`deferred.requires`,
    /// docs/CONFIG.md): the link an attribution SDK hands over on the first launch must not open
    /// its screen under the onboarding the app shows then.
    package var deferredRequires: [String] = []
    package var tabs: [String]
    package var pushLinkKey: String?
    /// Modal kind → priority (lower is presented first).
    package var modals: [String: Int]
    package var routes: [Route]
    /// The `show` or `tab` route an allowed link that matches no pattern is routed to, with the
    /// param `url` (docs/CONFIG.md): a link the app does not know yet lands somewhere instead of nowhere.
    package var fallback: String?
    /// What `load` found suspicious but not wrong, in file order: for `check-config` to print
    /// and `serve` to log. Empty for a config built in code (`validate` returns its warnings).
    public package(set) var warnings: [ConfigWarning] = []
    /// The file `load` read the config from, as it was named to `load`; nil for a config built in
    /// code. `status` names it, so that a user can tell which table a daemon serves.
    package var file: String?

    package init(bundleId: String, schemes: [String], universalLinks: [UniversalLinkHost], home: String,
                 gates: [String], tabs: [String], pushLinkKey: String?, modals: [String: Int], routes: [Route],
                 appId: String? = nil, fallback: String? = nil, packageName: String? = nil) {
        self.bundleId = bundleId
        self.fallback = fallback
        self.appId = appId
        self.packageName = packageName
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
    package var homeTab: String? { tabs.contains(home) ? home : tabs.first }

    /// The route named `name`, if any.
    package func route(named name: String) -> Route? { routes.first { $0.name == name } }
}

/// One host of the universal links and its rules: an apple-app-site-association style `paths`
/// list, or a real apple-app-site-association file (`aasa`); for Android, a Digital Asset Links
/// file (`assetlinks`) and the app's `AndroidManifest.xml` (`manifest`). A platform without its
/// own file follows `paths`.
package struct UniversalLinkHost: Sendable, Hashable {
    /// A host name, or `*.example.com` for every subdomain of `example.com` (not itself).
    package var host: String
    package var paths: [String]
    /// The apple-app-site-association file as the config names it, relative to the config file.
    package var aasa: String?
    /// What that file says about this app (`Config.appId`); read by `Config.load`.
    package var association: SiteAssociation?
    /// The Digital Asset Links file as the config names it, relative to the config file.
    package var assetlinks: String?
    /// What that file says about this app (`Config.packageName`); read by `Config.load`.
    package var appLinks: AppLinksAssociation?
    /// The app's `AndroidManifest.xml` as the config names it, relative to the config file.
    package var manifest: String?
    /// Its App Link intent filters, in file order; read by `Config.load`. They bound the paths
    /// that open the app on Android; dynamic components, when the assetlinks file has some,
    /// decide within them.
    package var intentFilters: [AppLinkIntentFilter]?

    package init(host: String, paths: [String] = [], aasa: String? = nil, association: SiteAssociation? = nil,
                 assetlinks: String? = nil, appLinks: AppLinksAssociation? = nil, manifest: String? = nil,
                 intentFilters: [AppLinkIntentFilter]? = nil) {
        self.host = host
        self.paths = paths
        self.aasa = aasa
        self.association = association
        self.assetlinks = assetlinks
        self.appLinks = appLinks
        self.manifest = manifest
        self.intentFilters = intentFilters
    }
}
