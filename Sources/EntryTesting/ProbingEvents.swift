import EntryClient

/// What waits on a probe of scene events, a hand-played `TestScene` or a `LaunchedApp` whose driver
/// plays them: both are asked the same way, so a test reads alike whichever it holds.
public protocol ProbingEvents {
    var probe: EventProbe { get }
}

extension ProbingEvents {
    @discardableResult
    public func expect(_ pattern: EventPattern, within timeout: Duration = .seconds(10)) async throws -> SceneEvent {
        try await probe.expect(pattern, within: timeout)
    }

    public func expectNothing(_ pattern: EventPattern = .any, for duration: Duration) async throws {
        try await probe.expectNothing(pattern, for: duration)
    }

    /// Waits for a `present` matching `pattern` and returns its modal.
    public func expectModal(_ pattern: EventPattern, within timeout: Duration = .seconds(10)) async throws -> Modal {
        try await probe.expectModal(pattern, within: timeout)
    }
}
