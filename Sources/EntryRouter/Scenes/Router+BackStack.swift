/// An entry's `show` (R13b) and, for a route with a back stack, the screens under it (docs/PROTOCOL.md).
extension Router {
    /// Shows the entry's screen on `tab`. Without a back stack it has no parent, and finishing it is
    /// an orphan `pop` (R13). With one, each back-stack screen is shown first, bottom first, each
    /// the parent of the next, so that finishing any of them is a `detach` to the one under it; the
    /// bottom one's parent is the tab's top screen, or the tab itself (its root). The back-stack
    /// screens the tab already shows on top are not shown again. They are events of the entry's
    /// step: they go out, and are sent again after a crash or disconnect, with its own `show`.
    /// Returns the step id of the entry's own `show`, to a scene that confirms.
    mutating func show(_ entry: Entry, on tab: String, at index: [String: Scene].Index, _ name: String,
                       _ connection: ConnectionID, _ steps: StepIDs) -> String? {
        let own = BackStackScreen(route: entry.route, tab: tab, params: entry.params)
        let stack = routing.backStack(route: entry.route, params: entry.params)
        var parent: String?
        if !stack.isEmpty {
            let top = scenes.values[index].stacks.top(of: tab)
            parent = top?.id ?? tab
            let reused = top.flatMap { top in stack.lastIndex { $0 == top.shown } }.map { $0 + 1 } ?? 0
            for (position, screen) in stack.enumerated().dropFirst(reused) {
                let id = newScreenID()
                pushScreen(Screen(id: id, parent: parent, shown: screen), on: tab, at: index)
                turn.send(connection, .show(scene: name, screen: id, route: screen.route, tab: tab, entry: entry.id,
                                            params: screen.params, parent: parent, backStack: true,
                                            step: steps.backStack(position)))
                parent = id
            }
        }
        let id = newScreenID()
        pushScreen(Screen(id: id, parent: parent, shown: own), on: tab, at: index)
        turn.send(connection, .show(scene: name, screen: id, route: entry.route, tab: tab, entry: entry.id,
                                    params: entry.params, parent: parent, step: steps.show))
        return steps.show
    }
}
