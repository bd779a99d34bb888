#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EntryHost

/// How an in-process test knows that nothing more will happen: the host has handled every input sent
/// to it, every event it sent a scene was handled by the app (its reader asked for the next one), and
/// that stays so while every other task of the process gets its turn. No wall clock is read: an
/// expectation is decided when the test has gone quiet, so it passes or fails the same way each run.
struct Quiet: Sendable {
    let host: InProcessHost

    /// How many looks in a row must find nothing new, with every ready task let run between them:
    /// what a task does after it handled an event (a reconnect, an acknowledgement it sends next) is
    /// under way by then, and shows as activity.
    private static let steadyLooks = 3
    private static let yieldsBetweenLooks = 16

    /// Waits until the host is quiet; false when it is still busy after `limit` (a guard against a
    /// test that never lets go, such as a scene whose events nobody reads, not a measure of time).
    func settle(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        var steady = 0
        var last: InProcessHost.Quiescence?
        while ContinuousClock.now < deadline {
            let now = await host.quiescence()
            steady = now.unhandledEvents == 0 && now == last ? steady + 1 : 0
            if steady >= Self.steadyLooks { return true }
            last = now
            for _ in 0..<Self.yieldsBetweenLooks { await Task.yield() }
        }
        return false
    }
}

/// Says once per run that tests run in process because no `entryd` executable was found.
enum InProcessNotice {
    private static let said: Void = {
        let bytes = Array("EntryTesting: no entryd executable found (ENTRYD_EXECUTABLE, beside the tests, PATH): running in process; set ENTRYD_TEST_MODE to choose\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }()

    static func sayOnce() {
        _ = said
    }
}
