import EntryRouter

/// What the daemon asks of a scene (docs/PROTOCOL.md, Events to a scene).
public enum SceneEvent: Sendable, Hashable {
    /// Show the modal, then acknowledge it (`presented`).
    case present(Modal)
    /// Update the shown modal in place.
    case update(modal: String, params: Params)
    /// Dismiss the modal, then acknowledge it (`dismissed`): the next one waits for it.
    case dismiss(modal: String)
    case selectTab(String)
    case start(Flow)
    /// Push a screen (fire and forget).
    case show(Screen)
    /// Pop a screen the router showed, one without a parent, or one it does not know.
    case pop(screen: String, reason: String?)
    /// Hand the screen to its parent.
    case detach(screen: String, parent: String)
}

/// A modal to present.
public struct Modal: Sendable, Hashable {
    /// The router's id (`m-N`), which `presented`, `dismissed` and `action` name.
    public var id: String
    public var kind: String
    public var route: String
    /// The entry's id, as the sender gave it or as the daemon made it.
    public var entry: String
    public var params: Params

    public init(id: String, kind: String, route: String, entry: String, params: Params) {
        self.id = id
        self.kind = kind
        self.route = route
        self.entry = entry
        self.params = params
    }
}

/// A flow to start (an action's `start:` step).
public struct Flow: Sendable, Hashable {
    public var name: String
    /// The entry whose step this is. A start is delivered at least once (docs/PROTOCOL.md): an app that
    /// sees an entry it has started already skips it. Nil from a daemon that does not send it.
    public var entry: String?
    public var params: Params

    public init(name: String, entry: String?, params: Params) {
        self.name = name
        self.entry = entry
        self.params = params
    }
}

/// A screen to push onto a tab's stack.
public struct Screen: Sendable, Hashable {
    /// The router's id (`s-N`), which `finish` names.
    public var id: String
    public var route: String
    public var tab: String?
    public var entry: String?
    public var params: Params
    /// A screen of a route's back stack, shown under the entry's own screen.
    public var backStack: Bool
    /// The screen under this one, when the router placed it on a back stack.
    public var parent: String?

    public init(id: String, route: String, tab: String?, entry: String?, params: Params, backStack: Bool = false, parent: String? = nil) {
        self.id = id
        self.route = route
        self.tab = tab
        self.entry = entry
        self.params = params
        self.backStack = backStack
        self.parent = parent
    }
}

extension SceneEvent {
    /// Reads a scene event from a line already parsed; nil for anything else, or an event this
    /// client does not know or cannot read.
    package static func decoded(_ message: JSONValue) -> SceneEvent? {
        guard let members = try? Members(message, line: ""), let event = members.optionalString(.event) else { return nil }
        return try? decode(event, members)
    }

    /// Reads a scene event; nil for a watcher's event, or a name this client does not know. The
    /// switch is over the engine's vocabulary, so that an event it adds does not compile here
    /// until it is read.
    static func decode(_ event: String, _ m: Members) throws(EntryClientError) -> SceneEvent? {
        guard let name = EventName(rawValue: event) else { return nil }
        switch name {
        case .present:
            return .present(Modal(id: try m.string(.modal), kind: try m.string(.kind), route: try m.string(.route),
                                  entry: try m.string(.entry), params: m.params(.params)))
        case .update:
            return .update(modal: try m.string(.modal), params: m.params(.params))
        case .dismiss:
            return .dismiss(modal: try m.string(.modal))
        case .selectTab:
            return .selectTab(try m.string(.tab))
        case .start:
            return .start(Flow(name: try m.string(.flow), entry: m.optionalString(.entry), params: m.params(.params)))
        case .show:
            return .show(Screen(id: try m.string(.screen), route: try m.string(.route), tab: m.optionalString(.tab),
                                entry: m.optionalString(.entry), params: m.params(.params), backStack: m.bool(.backStack) ?? false,
                                parent: m.optionalString(.parent)))
        case .pop:
            return .pop(screen: try m.string(.screen), reason: m.optionalString(.reason))
        case .detach:
            return .detach(screen: try m.string(.screen), parent: try m.string(.parent))
        case .entry, .scene:
            return nil
        }
    }
}

/// A scene event with the step id it carries, for a scene that confirms its steps
/// (`EntryScene.steppedEvents`); `step` is nil for an event that is not a step (a present, a
/// dismissal) or to a scene that does not confirm.
public struct SteppedEvent: Sendable, Hashable {
    public var event: SceneEvent
    public var step: String?

    public init(event: SceneEvent, step: String?) {
        self.event = event
        self.step = step
    }
}
