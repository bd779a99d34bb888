/// Steps the app confirms (docs/PROTOCOL.md): a scene that connected with `confirms` finishes an
/// outbox entry when it confirms the entry's last step event, not when the write completed.
extension Router {
    /// `scene.handled`: the step is done. The entry that waited for it, and every entry after it that
    /// waits for nothing, end `done` in arrival order. A step no entry waits for (confirmed already,
    /// not the entry's last, or from before a restart) changes nothing: confirming twice is safe.
    mutating func handled(_ name: String, step: String) {
        guard let index = scenes.index(forKey: name), scenes.values[index].outbox.confirm(step) else { return }
        finishWritten(at: index)
    }
}
