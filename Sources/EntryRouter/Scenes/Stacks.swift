/// A screen on a tab's navigation stack: shown by the router or pushed by the app.
struct Screen: Sendable, Hashable {
    var id: String
    /// The coordinator that owns it; nil for a screen an external entry showed without a back stack
    /// (seed 004).
    var parent: String?
    /// The route and params the router showed on it, so that a later entry's back stack can reuse
    /// it when it is on top (docs/PROTOCOL.md); nil for a screen the app pushed.
    var shown: BackStackScreen? = nil
}

/// A scene's navigation stacks, one per tab, bottom first (R13).
///
/// An app that never reports its screens finished would make them grow for as long as the scene
/// lives, and every `status` and finish walks them: they hold at most `limit` screens, and past it the
/// oldest is forgotten (docs/PROTOCOL.md). A forgotten screen's finish is then an unknown screen's (`pop`,
/// never silent), the same as for a screen shown before the scene reconnected.
struct Stacks: Sendable {
    /// Per tab, each screen with the order it was pushed in: a stack's bottom is its oldest screen,
    /// so the oldest of all is the oldest of the bottoms.
    private var byTab: [String: [(screen: Screen, order: UInt64)]] = [:]
    private var pushed: UInt64 = 0
    private(set) var count = 0

    /// Pushes `screen` on `tab`'s stack; returns how many of the oldest screens were forgotten to keep
    /// at most `limit`.
    mutating func push(_ screen: Screen, on tab: String, limit: Int) -> Int {
        pushed += 1
        byTab[tab, default: []].append((screen, pushed))
        count += 1
        var forgotten = 0
        while count > max(1, limit), let oldest = oldestTab() {
            byTab[oldest]?.removeFirst()
            if byTab[oldest]?.isEmpty == true { byTab[oldest] = nil }
            count -= 1
            forgotten += 1
        }
        return forgotten
    }

    private func oldestTab() -> String? {
        byTab.min { ($0.value.first?.order ?? .max) < ($1.value.first?.order ?? .max) }?.key
    }

    /// The screen on top of `tab`'s stack, if the router knows one.
    func top(of tab: String) -> Screen? {
        byTab[tab]?.last?.screen
    }

    func contains(screen id: String) -> Bool {
        byTab.values.contains { $0.contains { $0.screen.id == id } }
    }

    /// Removes a finished screen and every screen above it (they leave the navigation stack with
    /// it), and returns the finished one; nil when no stack holds it.
    mutating func finish(screen id: String) -> Screen? {
        for (tab, screens) in byTab {
            guard let index = screens.firstIndex(where: { $0.screen.id == id }) else { continue }
            byTab[tab] = Array(screens[..<index])
            if byTab[tab]?.isEmpty == true { byTab[tab] = nil }
            count -= screens.count - index
            return screens[index].screen
        }
        return nil
    }

    mutating func removeAll() {
        byTab.removeAll()
        count = 0
    }

    /// Tab → the ids of its top `limit` screens, bottom first.
    func status(limit: Int) -> [String: [String]] {
        byTab.mapValues { $0.suffix(limit).map(\.screen.id) }
    }
}
