/// Where an entry came from.
public enum EntrySource: String, Sendable, Hashable, CaseIterable {
    case push
    case deeplink
    case universalLink
    case widget
    case shortcut
    case launch
}
