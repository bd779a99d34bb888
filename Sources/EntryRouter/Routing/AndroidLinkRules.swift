import EntryKit

/// A host's links as Android decides them once its assetlinks file verifies the app: the app's
/// manifest, when the config names it, bounds them (a URL no App Link intent filter takes opens
/// in the browser, whatever the dynamic components say, since Android lets dynamic rules narrow
/// the manifest's scope but never widen it); the dynamic components, when the file has some,
/// decide within that bound, the first that matches deciding; without components, the filters
/// alone decide, and without a manifest either, every path of the host opens the app.
struct AndroidLinkRules: Sendable {
    let filters: [AppLinkIntentFilter]?
    let components: [AppLinkComponent]?
    /// The granting statements (`[0]`), to name the rule that takes every path.
    let statement: String

    /// What decided: a filter's or a component's key (nil when nothing takes the URL), whether
    /// the app opens, and whether the manifest decided (a filter, or no filter taking the URL).
    struct Decision {
        var rule: String?
        var allows: Bool
        var byManifest: Bool
    }

    init(association: AppLinksAssociation, filters: [AppLinkIntentFilter]?) {
        self.filters = filters
        components = association.components
        statement = association.statement
    }

    func allows(_ url: ParsedURL) -> Bool {
        decide(url).allows
    }

    func decide(_ url: ParsedURL) -> Decision {
        let link = url.appLinkURL()
        var filter: AppLinkIntentFilter?
        if let filters {
            let (host, port) = Self.hostAndPort(url)
            guard let taking = filters.first(where: { $0.takes(host: host, port: port, path: link.path) }) else {
                return Decision(rule: nil, allows: false, byManifest: true)
            }
            filter = taking
        }
        guard let components else {
            return Decision(rule: filter?.key ?? "\(statement) (no dynamic_app_link_components: every path)", allows: true,
                            byManifest: filter != nil)
        }
        guard let component = components.first(where: { $0.matches(link) }) else { return Decision(rule: nil, allows: false, byManifest: false) }
        return Decision(rule: component.key + (component.excludes ? " (exclude)" : ""), allows: !component.excludes, byManifest: false)
    }

    /// Why the rules refuse `url`, which they do.
    func refusal(_ url: ParsedURL, host: String) -> String? {
        guard decide(url).byManifest else { return nil }
        let path = url.withDecodedPath { String(decoding: $0, as: UTF8.self) }
        let (name, port) = Self.hostAndPort(url)
        let named = filters?.contains { $0.schemes.contains("https") && $0.takes(host: name, port: port) } ?? false
        return named
            ? "path \(path) is in no App Link intent filter of the manifest for \(host)"
            : "no App Link intent filter of the manifest names the host \(host)"
    }

    /// The URL's host, lowercased, and its port when it names one.
    static func hostAndPort(_ url: ParsedURL) -> (String, Int?) {
        guard let range = url.host else { return ("", nil) }
        let text = ASCII.lowercased(url.bytes.extracting(range))
        guard let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") else { return (text, nil) }
        return (String(text[..<colon]), Int(text[text.index(after: colon)...]))
    }
}
