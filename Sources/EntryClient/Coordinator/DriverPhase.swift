/// Where a `SceneDriver` is in its life, as one value, so that what the phases do not share cannot
/// be held together: a scene without the task playing it, a reconnect beside a live scene, a stopped
/// driver with a connection.
enum DriverPhase {
    /// Made and not connected yet: the launch entry waits for the first connect.
    case idle(launch: Launch?)
    /// The first connect is under way; a second `connect()` awaits the same attempt.
    case connecting(DriverAttempt)
    /// Connected: the scene, and the task that plays its events to the coordinator.
    case connected(scene: EntryScene, player: Task<Void, Never>)
    /// The connection went (a daemon restart): the task connecting again, and what the last connect
    /// said, so that the home screen stays known meanwhile.
    case reconnecting(info: SceneInfo, task: Task<Void, Never>)
    /// `stop()`: no connection and no reconnect, for good.
    case stopped
}

/// A connect under way: the task making the scene's connection, and the launch entry it carries,
/// kept for the next attempt if this one fails or is cancelled.
struct DriverAttempt {
    let launch: Launch?
    let task: Task<Result<EntryScene, EntryClientError>, Never>
}
