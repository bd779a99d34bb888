import EntryClient

/// Records a scene's events as they arrive and answers expectations about them; a failure says
/// what was awaited and lists the recent events, so that a failing cold-start test shows what the
/// scene was sent instead.
///
/// `expect` looks at the events after the last one an expectation matched, takes the first that
/// matches, and waits for one while none does. `expectNothing` fails on any event after that point.
///
/// Against the daemon, "none comes" can only mean none within a time. In process, it is decided
/// when the test has gone quiet (`Quiet`): an `expect` whose event has not come by then fails at
/// once, and `expectNothing` looks at what came by then, without waiting out its duration: in process
/// the durations are not used, and nothing waits on the wall clock.
///
/// Both honour their task's cancellation: a cancelled expectation stops waiting at once and throws
/// `CancellationError`, whatever its `within` or `for`.
public actor EventProbe {
    private var log: [SceneEvent] = []
    private var cursor = 0
    private var ended = false
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    /// How many expectations are waiting now, and who waits for one to: what a test of
    /// cancellation awaits before it cancels.
    private var expectationsWaiting = 0
    private var waitWatchers: [CheckedContinuation<Void, Never>] = []
    private let quiet: Quiet?
    private let vocabulary: Vocabulary?

    public init<Events: AsyncSequence & Sendable>(_ events: Events) where Events.Element == SceneEvent {
        self.init(events, quiet: nil, vocabulary: nil)
    }

    init<Events: AsyncSequence & Sendable>(_ events: Events, quiet: Quiet?, vocabulary: Vocabulary?) where Events.Element == SceneEvent {
        self.quiet = quiet
        self.vocabulary = vocabulary
        Task { [weak self] in
            do {
                for try await event in events {
                    guard let self else { return }
                    await self.record(event)
                }
            } catch {}
            await self?.finish()
        }
    }

    /// Every event so far.
    public var events: [SceneEvent] { log }

    /// Waits for an event matching `pattern` and returns it; throws `ExpectationFailure` when none
    /// comes within `timeout` (a guard against a hang, not a measure of speed), and
    /// `CancellationError` as soon as its task is cancelled. A pattern that names what the daemon's
    /// config does not have fails at once. A failure names the line of the call.
    @discardableResult
    public func expect(_ pattern: EventPattern, within timeout: Duration = .seconds(10),
                       fileID: String = #fileID, line: Int = #line) async throws -> SceneEvent {
        let failure = { (what: String) in self.failure(what, at: fileID, line) }
        if let problem = vocabulary?.problem(with: pattern) { throw failure(problem) }
        try Task.checkCancellation()
        let deadline = ContinuousClock.now + timeout
        while true {
            if let index = log[cursor...].firstIndex(where: pattern.matches) {
                cursor = index + 1
                return log[index]
            }
            if ended { throw failure("expected \(pattern), but the scene's connection ended") }
            if let quiet {
                let seen = log.count
                // A coordinator a test holds mid-call keeps the host from going quiet, while the
                // events as received go on arriving: what came meanwhile is looked at first.
                guard try await waiting({ try await quiet.settle() }) || log.count > seen else {
                    throw failure("expected \(pattern); the in-process daemon never went quiet: events it sent a scene are not handled (does something read the scene's events?)")
                }
                guard log.count > seen || ended else {
                    throw failure("expected \(pattern), but the in-process daemon went quiet without sending it")
                }
                continue
            }
            guard try await waiting({ try await change(before: deadline) }) else {
                throw failure("expected \(pattern) within \(timeout)")
            }
        }
    }

    /// Waits for a `present` matching `pattern` and returns its modal.
    public func expectModal(_ pattern: EventPattern, within timeout: Duration = .seconds(10),
                            fileID: String = #fileID, line: Int = #line) async throws -> Modal {
        guard case .present(let modal) = try await expect(pattern, within: timeout, fileID: fileID, line: line) else {
            throw failure("\(pattern) matched an event that is not a present", at: fileID, line)
        }
        return modal
    }

    /// Fails when an event (one matching `pattern`, when given) arrives within `duration`, or has
    /// arrived since the last expectation matched. A pattern that names what the daemon's config
    /// does not have fails at once: it could never match, so it would pass whatever came. A
    /// cancelled task stops waiting out `duration` and throws `CancellationError`.
    public func expectNothing(_ pattern: EventPattern = .any, for duration: Duration,
                              fileID: String = #fileID, line: Int = #line) async throws {
        let failure = { (what: String) in self.failure(what, at: fileID, line) }
        if let problem = vocabulary?.problem(with: pattern) { throw failure(problem) }
        try Task.checkCancellation()
        if let quiet, !(try await waiting({ try await quiet.settle() })) {
            throw failure("expected no \(pattern); the in-process daemon never went quiet: events it sent a scene are not handled (does something read the scene's events?)")
        }
        let deadline = quiet == nil ? ContinuousClock.now + duration : ContinuousClock.now
        while true {
            if let index = log[cursor...].firstIndex(where: pattern.matches) {
                throw failure("expected no \(pattern) for \(duration), got \(describe(log[index]))")
            }
            guard !ended, try await waiting({ try await change(before: deadline) }) else { return }
        }
    }

    private func record(_ event: SceneEvent) {
        log.append(event)
        wakeAll()
    }

    private func finish() {
        ended = true
        wakeAll()
    }

    private func wakeAll() {
        let woken = waiters.values
        waiters = [:]
        for waiter in woken { waiter.resume() }
    }

    /// Waits for a new event or the end; false when the deadline came first. Cancelling the task
    /// wakes it at once, with `CancellationError`.
    private func change(before deadline: ContinuousClock.Instant) async throws -> Bool {
        let count = log.count
        let id = nextWaiter
        nextWaiter += 1
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline)
            await self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = $0 }
        } onCancel: {
            Task { await self.wake(id) }
        }
        timer.cancel()
        try Task.checkCancellation()
        return log.count > count || ended
    }

    /// Runs an expectation's wait, counted as waiting while it lasts.
    private func waiting(_ wait: () async throws -> Bool) async throws -> Bool {
        expectationsWaiting += 1
        let watchers = waitWatchers
        waitWatchers = []
        for watcher in watchers { watcher.resume() }
        defer { expectationsWaiting -= 1 }
        return try await wait()
    }

    /// Returns once an expectation on this probe is waiting (for an event, or for the in-process
    /// daemon to go quiet): a test of cancellation cancels it there, in the middle of its wait.
    package func untilAnExpectationWaits() async {
        guard expectationsWaiting == 0 else { return }
        await withCheckedContinuation { waitWatchers.append($0) }
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// The failure of an expectation made at `fileID:line`, with the recent events.
    private func failure(_ what: String, at fileID: String, _ line: Int) -> ExpectationFailure {
        let recent = log.suffix(12)
        let lines = recent.isEmpty ? ["  (no events)"] : recent.enumerated().map { offset, event in
            "  \(log.count - recent.count + offset + 1). \(describe(event))"
        }
        return ExpectationFailure(description: "\(fileID):\(line): " + what + "; the scene's events so far:\n"
            + lines.joined(separator: "\n"))
    }
}

/// An expectation that was not met, with the events the scene got.
public struct ExpectationFailure: Error, CustomStringConvertible {
    public let description: String
}

/// One event as a short line for a failure message.
func describe(_ event: SceneEvent) -> String {
    func params(_ params: Params) -> String {
        params.keys.sorted().map { "\($0)=\(params[$0]?.stringValue ?? "…")" }.joined(separator: " ")
    }
    switch event {
    case .present(let modal): return "present \(modal.kind) \(modal.id) entry \(modal.entry) \(params(modal.params))"
    case .update(let modal, let p): return "update \(modal) \(params(p))"
    case .dismiss(let modal): return "dismiss \(modal)"
    case .selectTab(let tab): return "selectTab \(tab)"
    case .start(let flow): return "start \(flow.name)\(flow.entry.map { " entry \($0)" } ?? "") \(params(flow.params))"
    case .show(let screen): return "show \(screen.route) \(screen.id) tab \(screen.tab ?? "-")\(screen.entry.map { " entry \($0)" } ?? "")"
    case .pop(let screen, let reason): return "pop \(screen)\(reason.map { " (\($0))" } ?? "")"
    case .detach(let screen, let parent): return "detach \(screen) to \(parent)"
    }
}
