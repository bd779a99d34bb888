/// The navigation-stack ops (R13): a screen pushed by the app, a screen whose flow finished.
extension Router {
    /// A screen the app pushed, with the coordinator that owns it, or none (seed 004: the coordinator
    /// has no parent). App ids never take the form of the router's own (`s-N`), so that a finish
    /// always names one screen.
    mutating func pushed(_ name: String, screen: String, parent: String?) -> Result<ReplyBody, WireError> {
        guard !Self.isRouterScreenID(screen) else {
            return .failure(WireError(.badRequest, "screen id \"\(screen)\" has the form of the router's own ids "
                + "(s-N, the screens it shows); name the app's screens another way"))
        }
        guard scenes[name]?.stacks.contains(screen: screen) == false else {
            return .failure(WireError(.badRequest, "screen \"\(screen)\" is already on a stack of scene \"\(name)\"; "
                + "each screen needs its own id"))
        }
        guard let index = scenes.index(forKey: name) else { return .success(.ok) }
        let tab = scenes.values[index].tab ?? config.home
        pushScreen(Screen(id: screen, parent: parent), on: tab, at: index)
        return .success(.ok)
    }

    /// Every screen the router tracks goes on its stack here, where the stacks' bound is kept
    /// (`RouterLimits.maxScreens`): what was forgotten for it is counted for the daemon's log.
    mutating func pushScreen(_ screen: Screen, on tab: String, at index: [String: Scene].Index) {
        turn.forgottenScreens += scenes.values[index].stacks.push(screen, on: tab, limit: limits.maxScreens)
    }

    /// A screen with a parent is handed to it (`detach`). A screen without one (an entry showed it, or
    /// the app pushed it with no parent), or one the router does not know (shown before the scene
    /// reconnected), is popped by the router itself, and the watchers are told: a missing parent is
    /// never silent (R13, docs/PROTOCOL.md, across restarts).
    mutating func finish(_ name: String, screen: String) -> Result<ReplyBody, WireError> {
        guard let connection = scenes[name]?.connection else { return .success(.ok) }
        let finished = scenes[name]?.stacks.finish(screen: screen)
        if let parent = finished?.parent {
            turn.send(connection, .detach(scene: name, screen: screen, parent: parent))
            return .success(.ok)
        }
        let reason = finished == nil ? "unknown screen" : "no parent"
        turn.send(connection, .pop(scene: name, screen: screen, reason: reason))
        tellWatchers(.orphanFinish(scene: name, screen: screen, reason: reason))
        return .success(.ok)
    }

    /// Whether `id` is of the form the router gives the screens it shows: `s-` and digits.
    static func isRouterScreenID(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard utf8.count > 2, utf8.starts(with: "s-".utf8) else { return false }
        return utf8.dropFirst(2).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
