import EntryRouter

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
    /// A state the engine names, spelt as it writes it.
    init(_ state: EntryState) { rawValue = state.rawValue }

    public static let pending = ReportedState(EntryState.pending)
    public static let queued = ReportedState(EntryState.queued)
    public static let presenting = ReportedState(EntryState.presenting)
    public static let presented = ReportedState(EntryState.presented)
    public static let done = ReportedState(EntryState.done)
    public static let replaced = ReportedState(EntryState.replaced)
    public static let retracted = ReportedState(EntryState.retracted)
    public static let expired = ReportedState(EntryState.expired)
    public static let duplicate = ReportedState(EntryState.duplicate)
    public static let updated = ReportedState(EntryState.updated)
}

extension WatchEvent {
    /// Reads a watcher's event; nil for a scene's event, or a name this client does not know. The
    /// switches are over the engine's vocabulary (`EventName`, `SceneChange`), so that an event or
    /// a change it adds does not compile here until it is read.
    static func decode(_ event: String, _ m: Members) throws(EntryClientError) -> WatchEvent? {
        guard let name = EventName(rawValue: event) else { return nil }
        switch name {
        case .entry:
            return .entry(EntryChange(id: try m.string(.id), state: ReportedState(rawValue: try m.string(.state)),
                                      route: m.optionalString(.route), scene: m.optionalString(.scene)))
        case .scene:
            let change = try m.string(.what)
            let what: SceneReport.What
            switch SceneChange(rawValue: change) {
            case .connected?: what = .connected
            case .ready?: what = .ready
            case .busy?: what = .busy
            case .idle?: what = .idle
            case .background?: what = .background
            case .reset?: what = .reset
            case .disconnected?: what = .disconnected
            case .gate?: what = .gate(try m.string(.gate), open: m.bool(.open) ?? false)
            case .orphanFinish?: what = .orphanFinish(screen: try m.string(.screen), reason: m.optionalString(.reason) ?? "")
            case nil: what = .other(change)
            }
            return .scene(SceneReport(scene: try m.string(.scene), what: what))
        case .present, .update, .dismiss, .selectTab, .start, .show, .pop, .detach:
            return nil
        }
    }
}
