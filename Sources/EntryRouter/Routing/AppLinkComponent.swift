/// One entry of `applinks.details[].components` (or one legacy `paths` rule turned into one), or
/// one of an `assetlinks.json`'s `dynamic_app_link_components`: a URL matches when each part it
/// names matches; a part it leaves out matches anything.
package struct AppLinkComponent: Sendable, Hashable {
    /// What the `?` key asks of the query.
    package enum Query: Sendable, Hashable {
        /// A pattern for the whole query string, without its `?`.
        case whole(LinkPattern)
        /// Query item name → pattern, tested against the item's first occurrence: the value routing
        /// makes the param (of a repeated key the first wins), so the value checked is the value
        /// the app gets. A missing item counts as one with the empty value, as Apple documents.
        case items([String: LinkPattern])
        /// Query item name → pattern, as Android 15 reads a dynamic component's `?`: every named
        /// item must be present, and some occurrence of it must match ("a match must be found for
        /// every dictionary entry"); a missing item does not match, so `{"dl": "*"}` requires `dl`.
        case present([String: LinkPattern])
    }

    /// The `/` pattern, for the decoded path.
    package var path: LinkPattern?
    package var query: Query?
    /// The `#` pattern, for the decoded fragment (empty when the URL has none).
    package var fragment: LinkPattern?
    /// A match stops the search and refuses the URL.
    package var excludes: Bool
    /// Where the component was written (`applinks.details[0].components[2]`), for messages.
    package var key: String

    package init(path: LinkPattern?, query: Query?, fragment: LinkPattern?, excludes: Bool, key: String) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.excludes = excludes
        self.key = key
    }

    func matches(_ url: AppLinkURL) -> Bool {
        if let path, !path.matches(url.path) { return false }
        if let fragment, !fragment.matches(url.fragment) { return false }
        switch query {
        case nil:
            return true
        case .whole(let pattern):
            return pattern.matches(url.query)
        case .items(let patterns):
            return patterns.allSatisfy { name, pattern in
                pattern.matches(url.items.first { $0.name == name }?.value ?? "")
            }
        case .present(let patterns):
            return patterns.allSatisfy { name, pattern in
                url.items.contains { $0.name == name && pattern.matches($0.value) }
            }
        }
    }
}

/// The parts of a universal link that components are matched against, decoded.
struct AppLinkURL {
    /// With its leading `/`; `/` when the URL has no path.
    var path: String
    /// Without its `?`; empty when there is none.
    var query: String
    var items: [(name: String, value: String)]
    /// Without its `#`; empty when there is none.
    var fragment: String
}
