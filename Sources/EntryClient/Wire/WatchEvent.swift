/// What a watcher sees: every entry's state changes and every scene's changes.
public enum WatchEvent: Sendable, Hashable {
    case entry(EntryChange)
    case scene(SceneReport)
}

/// An entry reached a state.
public struct EntryChange: Sendable, Hashable {
    public var id: String
    public var state: ReportedState
    public var route: String?
    public var scene: String?
}

/// A scene changed, as a watcher hears it (the engine's `SceneChange` is only the `what`).
public struct SceneReport: Sendable, Hashable {
    public var scene: String
    public var what: What

    public enum What: Sendable, Hashable {
        case connected, ready, busy, idle, background, reset, disconnected
        case gate(String, open: Bool)
        /// The router popped a screen itself: it had no parent, or it did not know it.
        case orphanFinish(screen: String, reason: String)
        /// A change this client does not know, by its name.
        case other(String)
    }
}

/// An entry's state as the daemon reported it. A struct rather than the engine's `EntryState` enum,
/// so that a state a newer daemon adds is still read.
public struct ReportedState: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    public static let pending: ReportedState = "pending"
    public static let queued: ReportedState = "queued"
    public static let presenting: ReportedState = "presenting"
    public static let presented: ReportedState = "presented"
    public static let done: ReportedState = "done"
    public static let replaced: ReportedState = "replaced"
    public static let retracted: ReportedState = "retracted"
    public static let expired: ReportedState = "expired"
    public static let duplicate: ReportedState = "duplicate"
    public static let updated: ReportedState = "updated"
}

extension WatchEvent {
    static func decode(_ event: String, _ m: Members) throws(EntryClientError) -> WatchEvent? {
        switch event {
        case "entry":
            return .entry(EntryChange(id: try m.string("id"), state: ReportedState(rawValue: try m.string("state")),
                                      route: m.optionalString("route"), scene: m.optionalString("scene")))
        case "scene":
            let what: SceneReport.What
            switch try m.string("what") {
            case "connected": what = .connected
            case "ready": what = .ready
            case "busy": what = .busy
            case "idle": what = .idle
            case "background": what = .background
            case "reset": what = .reset
            case "disconnected": what = .disconnected
            case "gate": what = .gate(try m.string("gate"), open: m.bool("open") ?? false)
            case "orphan_finish": what = .orphanFinish(screen: try m.string("screen"), reason: m.optionalString("reason") ?? "")
            case let other: what = .other(other)
            }
            return .scene(SceneReport(scene: try m.string("scene"), what: what))
        default:
            return nil
        }
    }
}
