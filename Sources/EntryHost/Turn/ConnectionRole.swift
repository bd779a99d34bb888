import EntryRouter

/// What a connection's peer asked to receive besides its replies, as its requests showed it. The
/// shell learns it from the decoded requests rather than from the router, which keeps its own
/// account: it decides what happens at the peer's half-close and which output the staging cap
/// covers.
package enum ConnectionRole: Sendable, Hashable {
    /// Sends requests and reads their replies; nothing comes unasked.
    case sender
    /// Sent `watch`: events come until the connection closes.
    case watcher
    /// Sent `scene.connect`: the router hands entries over to it, paced by the router.
    case scene

    /// The role after the peer sent `operation`; a scene stays a scene.
    package func after(_ operation: Operation) -> ConnectionRole {
        switch operation {
        case .watch: self == .scene ? .scene : .watcher
        case .scene(_, .connect): .scene
        default: self
        }
    }

    /// Whether output comes to the peer without a request of its own: such a peer that half-closes
    /// is still written to until it closes.
    package var receivesEvents: Bool { self != .sender }
}
