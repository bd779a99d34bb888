/// What an app's coordinator does for the daemon: each method does what its event asks and
/// returns once it is done (the modal on screen, the modal gone, the screen pushed).
///
/// `SceneDriver` calls these one at a time, in the order the daemon sent them, and acknowledges
/// `present` and `dismiss` once they have returned, so a coordinator never speaks the protocol.
/// An app's coordinator is usually `@MainActor`; its methods then run on the main actor.
public protocol EntryCoordinator: Sendable {
    /// Show the modal; return once it is on screen.
    func present(_ modal: Modal) async
    /// Dismiss the modal; return once it is gone.
    func dismiss(modal: String) async
    /// Update the shown modal in place (a newer entry with its identity, R7).
    func update(modal: String, params: Params) async
    func selectTab(_ tab: String) async
    /// Start a flow. Delivered at least once: skip a `flow.entry` already started.
    func start(_ flow: Flow) async
    /// Push a screen. Delivered at least once: skip a `screen.entry` already shown.
    func show(_ screen: Screen) async
    /// Pop a screen the router showed (it has no parent) or one it does not know.
    func pop(screen: String, reason: String?) async
    /// Hand the screen to its parent coordinator.
    func detach(screen: String, parent: String) async
}
