/// The navigation-stack ops (R13): a screen pushed with a parent, a screen whose flow finished.
extension Router {
    mutating func pushed(_ name: String, screen: String, parent: String) -> Result<ReplyBody, WireError> {
        guard scenes[name]?.stacks.contains(screen: screen) == false else {
            return .failure(WireError(.badRequest, "screen \"\(screen)\" is already on a stack of scene \"\(name)\"; "
                + "each screen needs its own id"))
        }
        let tab = scenes[name]?.tab ?? config.home
        scenes[name]?.stacks.push(Screen(id: screen, parent: parent), on: tab)
        return .success(.ok)
    }

    /// A screen with a parent is handed to it (`detach`). A screen an entry showed has none: the
    /// router pops it itself and tells the watchers (seed 004) — a missing parent is never silent.
    mutating func finish(_ name: String, screen: String) -> Result<ReplyBody, WireError> {
        guard let connection = scenes[name]?.connection, let finished = scenes[name]?.stacks.finish(screen: screen) else {
            return .failure(WireError(.badRequest, "screen \"\(screen)\" is not on any stack of scene \"\(name)\": "
                + "only screens the router showed or the scene reported with scene.pushed can finish"))
        }
        if let parent = finished.parent {
            turn.send(connection, .detach(scene: name, screen: screen, parent: parent))
        } else {
            turn.send(connection, .pop(scene: name, screen: screen, reason: "no parent"))
            announce(name, .orphanFinish)
        }
        return .success(.ok)
    }
}
