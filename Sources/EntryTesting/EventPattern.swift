import EntryClient

/// What an expectation looks for in a scene's events: an event's case, and any of its fields given.
public struct EventPattern: Sendable, CustomStringConvertible {
    public let description: String
    private let test: @Sendable (SceneEvent) -> Bool
    /// The config names the pattern uses (`kind`, `route`, `flow`, `tab`, `gate`), checked against
    /// the daemon's config when an expectation is made.
    let names: [(field: String, value: String)]

    public init(_ description: String, matches: @escaping @Sendable (SceneEvent) -> Bool) {
        self.init(description, names: [], matches: matches)
    }

    init(_ description: String, names: [(field: String, value: String)], matches: @escaping @Sendable (SceneEvent) -> Bool) {
        self.description = description
        self.names = names
        test = matches
    }

    public func matches(_ event: SceneEvent) -> Bool { test(event) }

    public static var any: EventPattern { EventPattern("any event") { _ in true } }

    public static func present(kind: String? = nil, route: String? = nil, entry: String? = nil) -> EventPattern {
        EventPattern("present" + fields(("kind", kind), ("route", route), ("entry", entry)),
                     names: named(("kind", kind), ("route", route))) {
            guard case .present(let modal) = $0 else { return false }
            return matches(kind, modal.kind) && matches(route, modal.route) && matches(entry, modal.entry)
        }
    }

    public static func update(modal: String? = nil) -> EventPattern {
        EventPattern("update" + fields(("modal", modal))) {
            guard case .update(let id, _) = $0 else { return false }
            return matches(modal, id)
        }
    }

    public static func dismiss(modal: String? = nil) -> EventPattern {
        EventPattern("dismiss" + fields(("modal", modal))) {
            guard case .dismiss(let id) = $0 else { return false }
            return matches(modal, id)
        }
    }

    public static func selectTab(_ tab: String? = nil) -> EventPattern {
        EventPattern("selectTab" + fields(("tab", tab)), names: named(("tab", tab))) {
            guard case .selectTab(let selected) = $0 else { return false }
            return matches(tab, selected)
        }
    }

    public static func start(flow: String? = nil, entry: String? = nil) -> EventPattern {
        EventPattern("start" + fields(("flow", flow), ("entry", entry)), names: named(("flow", flow))) {
            guard case .start(let started) = $0 else { return false }
            return matches(flow, started.name) && matches(entry, started.entry)
        }
    }

    public static func show(route: String? = nil, tab: String? = nil, entry: String? = nil) -> EventPattern {
        EventPattern("show" + fields(("route", route), ("tab", tab), ("entry", entry)), names: named(("route", route), ("tab", tab))) {
            guard case .show(let screen) = $0 else { return false }
            return matches(route, screen.route) && matches(tab, screen.tab) && matches(entry, screen.entry)
        }
    }

    public static func pop(screen: String? = nil, reason: String? = nil) -> EventPattern {
        EventPattern("pop" + fields(("screen", screen), ("reason", reason))) {
            guard case .pop(let popped, let why) = $0 else { return false }
            return matches(screen, popped) && matches(reason, why)
        }
    }

    public static func detach(screen: String? = nil, parent: String? = nil) -> EventPattern {
        EventPattern("detach" + fields(("screen", screen), ("parent", parent))) {
            guard case .detach(let detached, let to) = $0 else { return false }
            return matches(screen, detached) && matches(parent, to)
        }
    }

    private static func matches(_ wanted: String?, _ actual: String?) -> Bool {
        wanted == nil || wanted == actual
    }

    private static func named(_ pairs: (String, String?)...) -> [(field: String, value: String)] {
        pairs.compactMap { pair in pair.1.map { (pair.0, $0) } }
    }

    private static func fields(_ pairs: (String, String?)...) -> String {
        let given = pairs.compactMap { pair in pair.1.map { "\(pair.0): \($0)" } }
        return given.isEmpty ? "" : "(" + given.joined(separator: ", ") + ")"
    }
}
