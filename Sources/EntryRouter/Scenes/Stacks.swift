/// A screen on a tab's navigation stack: shown by the router (no parent) or pushed by the app.
struct Screen: Sendable, Hashable {
    var id: String
    /// The coordinator that owns it; nil for a screen an external entry showed (seed 004).
    var parent: String?
}

/// A scene's navigation stacks, one per tab, bottom first (R13).
struct Stacks: Sendable, Hashable {
    private var byTab: [String: [Screen]] = [:]

    mutating func push(_ screen: Screen, on tab: String) {
        byTab[tab, default: []].append(screen)
    }

    func contains(screen id: String) -> Bool {
        byTab.values.contains { $0.contains { $0.id == id } }
    }

    /// Removes a finished screen and every screen above it (they leave the navigation stack with
    /// it), and returns the finished one; nil when no stack holds it.
    mutating func finish(screen id: String) -> Screen? {
        for (tab, screens) in byTab {
            guard let index = screens.firstIndex(where: { $0.id == id }) else { continue }
            byTab[tab] = Array(screens[..<index])
            if byTab[tab]?.isEmpty == true { byTab[tab] = nil }
            return screens[index]
        }
        return nil
    }

    mutating func removeAll() { byTab.removeAll() }

    var status: [String: [String]] { byTab.mapValues { $0.map(\.id) } }
}
