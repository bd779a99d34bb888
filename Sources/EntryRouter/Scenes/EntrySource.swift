/// Where an entry came from.
public enum EntrySource: String, Sendable, Hashable, CaseIterable {
    case push
    case deeplink
    case universalLink
    case widget
    case shortcut
    case launch
    /// A link clicked before the app was installed, handed over by an attribution SDK on the first
    /// launch (docs/PROTOCOL.md): routed like a deep link, and waiting on gates like any entry.
    case deferred
}
