import EntryClient
import EntryTesting
import Testing

/// A cancelled task stops waiting: an expectation throws `CancellationError` in the middle of its
/// wait, whatever its `within` or `for`, and `withTestDaemon` stops its daemon when its body is
/// cancelled. Each test cancels once the wait has begun and awaits the task's result; none
/// measures time: a wait that ignored cancellation would keep its test from ending.
@Suite struct CancellationTests {
    /// A watched scene that is never ready, beside a ready one whose events nothing reads: the
    /// notice goes to the unread one, which keeps an in-process daemon from going quiet, and nothing
    /// comes to the watched one against the daemon. In both modes its expectations wait.
    private static func sceneThatWaits(on daemon: TestDaemon) async throws -> (watched: TestScene, unread: EntryScene) {
        let unread = try await EntryScene("unread", endpoint: daemon.endpoint)
        try await unread.appeared(screen: "home")
        let watched = try await daemon.scene()
        _ = try await daemon.sender().open("materunner://notice/maintenance")
        return (watched, unread)
    }

    @Test(arguments: TestMode.allCases) func aCancelledExpectThrowsCancellationErrorMidWait(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let (watched, unread) = try await Self.sceneThatWaits(on: daemon)
            let expecting = Task { try await watched.expect(.present(kind: "invitation"), within: .seconds(3600)) }
            await watched.probe.untilAnExpectationWaits()
            expecting.cancel()
            await #expect(throws: CancellationError.self) { try await expecting.value }
            unread.close()
        }
    }

    @Test(arguments: TestMode.allCases) func aCancelledExpectNothingThrowsCancellationErrorMidWait(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let (watched, unread) = try await Self.sceneThatWaits(on: daemon)
            let expecting = Task { try await watched.expectNothing(.present(kind: "invitation"), for: .seconds(3600)) }
            await watched.probe.untilAnExpectationWaits()
            expecting.cancel()
            await #expect(throws: CancellationError.self) { try await expecting.value }
            unread.close()
        }
    }

    @Test(arguments: TestMode.allCases) func anExpectationInACancelledTaskWaitsForNothing(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let scene = try await daemon.scene()
            let expecting = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await scene.expect(.present(), within: .seconds(3600))
            }
            await #expect(throws: CancellationError.self) { try await expecting.value }
        }
    }

    /// The body is cancelled in the middle of an expectation: the error comes out of
    /// `withTestDaemon`, and by then its daemon is gone.
    @Test(arguments: TestMode.allCases) func withTestDaemonStopsTheDaemonWhenItsTaskIsCancelled(mode: TestMode) async throws {
        let (waiting, waits) = AsyncStream.makeStream(of: (Endpoint, EventProbe).self)
        let running = Task {
            try await withTestDaemon(mode: mode) { daemon in
                let (watched, unread) = try await Self.sceneThatWaits(on: daemon)
                defer { unread.close() }
                waits.yield((daemon.endpoint, watched.probe))
                try await watched.expect(.present(kind: "invitation"), within: .seconds(3600))
            }
        }
        let (endpoint, probe) = try #require(await waiting.first { _ in true })
        await probe.untilAnExpectationWaits()
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        let error = await #expect(throws: EntryClientError.self) { _ = try await EntrySender(endpoint: endpoint) }
        guard case .noDaemon = error else { Issue.record("a sender reached the daemon after its task was cancelled: \(String(describing: error))"); return }
    }
}
