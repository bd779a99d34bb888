/// What a Digital Asset Links file (`assetlinks.json`) says about one Android app: the statements
/// that grant it `delegate_permission/common.handle_all_urls`, and their Android 15
/// `dynamic_app_link_components` in file order. Without components the app's manifest decides
/// (every path of the host, when the config names none); with them, the first that matches
/// decides, within what the manifest's filters take (`AndroidLinkRules`). Built at load time by
/// `AppLinksAssociation.read`.
package struct AppLinksAssociation: Sendable, Hashable {
    /// Where the grant is (`[0]`, the statement's place in the file), for messages.
    package var statement: String
    /// nil: no granting statement has dynamic components (or only empty lists), so the manifest
    /// decides, or every path is the app's.
    package var components: [AppLinkComponent]?

    package init(statement: String, components: [AppLinkComponent]?) {
        self.statement = statement
        self.components = components
    }

    /// The rules as an association of components: a single component taking every path when the
    /// file has none, so that matching and explaining have one shape.
    var association: SiteAssociation {
        SiteAssociation(components: components ?? [AppLinkComponent(path: nil, query: nil, fragment: nil, excludes: false,
                                                                     key: "\(statement) (no dynamic_app_link_components: every path)")])
    }
}

/// Which phone's rules a universal link is read by: the host's apple-app-site-association rules,
/// or its Digital Asset Links rules (Android App Links).
public enum LinkPlatform: String, Sendable, Hashable, CaseIterable {
    case ios
    case android

    /// The name people write: iOS, Android.
    package var displayName: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        }
    }
}
