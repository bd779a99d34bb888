import EntryClient

/// When an expectation sees an event: as the app received it, before its coordinator was called, or
/// once the coordinator handled it (returned, and the acknowledgement or confirmation was answered).
/// Waiting for `.received` lets a test act while the coordinator is in the middle of a call: kill
/// the app while a dismissal animation is held, say.
public enum EventStage: Sendable, Hashable {
    case received
    case handled
}

/// What waits on probes of scene events, a hand-played `TestScene` or a `LaunchedApp` whose driver
/// plays them: both are asked the same way, so a test reads alike whichever it holds. An
/// expectation whose task is cancelled stops waiting and throws `CancellationError`.
public protocol ProbingEvents {
    /// The events once handled.
    var probe: EventProbe { get }
    /// The events as received (for a hand-played scene, the same probe: the test is its coordinator).
    var arrivals: EventProbe { get }
}

extension ProbingEvents {
    private func probe(_ stage: EventStage) -> EventProbe {
        stage == .received ? arrivals : probe
    }

    @discardableResult
    public func expect(_ pattern: EventPattern, as stage: EventStage = .handled, within timeout: Duration = .seconds(10),
                       fileID: String = #fileID, line: Int = #line) async throws -> SceneEvent {
        try await probe(stage).expect(pattern, within: timeout, fileID: fileID, line: line)
    }

    public func expectNothing(_ pattern: EventPattern = .any, as stage: EventStage = .handled, for duration: Duration,
                              fileID: String = #fileID, line: Int = #line) async throws {
        try await probe(stage).expectNothing(pattern, for: duration, fileID: fileID, line: line)
    }

    /// Waits for a `present` matching `pattern` and returns its modal.
    public func expectModal(_ pattern: EventPattern, as stage: EventStage = .handled, within timeout: Duration = .seconds(10),
                            fileID: String = #fileID, line: Int = #line) async throws -> Modal {
        try await probe(stage).expectModal(pattern, within: timeout, fileID: fileID, line: line)
    }
}
