/// What an apple-app-site-association file says about one app: its components in file order,
/// from every `applinks.details` entry that names the app. Tried in order, the first component
/// that matches decides (allowed unless it `exclude`s); a URL none matches is not allowed, as on
/// iOS. Built at load time by `SiteAssociation.read`; matching is pure.
package struct SiteAssociation: Sendable, Hashable {
    package var components: [AppLinkComponent]

    package init(components: [AppLinkComponent]) {
        self.components = components
    }

    func allows(_ url: AppLinkURL) -> Bool {
        for component in components where component.matches(url) {
            return !component.excludes
        }
        return false
    }
}
