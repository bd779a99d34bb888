/// A server-initiated message: to a scene (what to show) or to watchers (what changed).
public enum Event: Sendable, Hashable {
    case present(scene: String, modal: String, kind: String, route: String, entry: String, params: RouteParams)
    case update(scene: String, modal: String, params: RouteParams)
    case dismiss(scene: String, modal: String)
    /// `step`, to a scene that confirms its steps: the id it confirms with `scene.handled`, the same
    /// each time the step is sent again (also on `start` and `show`).
    case selectTab(scene: String, tab: String, step: String? = nil)
    /// `entry` names the entry whose action started it: a start is delivered at least once, and an
    /// app recognises a repeat by it.
    case start(scene: String, flow: String, entry: String, params: RouteParams, step: String? = nil)
    /// `parent` is set for the screens of an entry with a back stack (docs/PROTOCOL.md): the screen under it,
    /// or the tab for the bottom one; `backStack` marks the screens shown under the entry's own.
    case show(scene: String, screen: String, route: String, tab: String, entry: String, params: RouteParams,
              parent: String? = nil, backStack: Bool = false, step: String? = nil)
    case pop(scene: String, screen: String, reason: String)
    case detach(scene: String, screen: String, parent: String)
    /// To watchers: an entry changed state.
    case entry(id: String, state: EntryState, route: String, scene: String?)
    /// To watchers: a scene changed.
    case scene(scene: String, what: SceneChange)
    /// To watchers: a gate of a scene opened or closed: `what` is `gate` on the wire, with the gate
    /// and whether it is open, so that a watcher can tell why entries start or stop waiting.
    case gate(scene: String, gate: String, open: Bool)
    /// To watchers: a screen finished without a parent to hand it to, and the router popped it (R13):
    /// `what` is `orphan_finish` on the wire, with the screen and why.
    case orphanFinish(scene: String, screen: String, reason: String)
}

/// What happened to a scene, as watchers see it.
public enum SceneChange: String, Sendable, Hashable, CaseIterable {
    case connected, ready, busy, idle, background, gate, reset, disconnected
    case orphanFinish = "orphan_finish"
}
