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
    /// How many looks in a row may find events unhandled and nothing else happening before the test
    /// is taken to be stuck (a scene whose events nobody reads). Counted in looks, not in time: a
    /// machine busy with other tests slows the looks as much as the test, and fails nothing.
    private static let stuckLooks = 2_000

    /// Waits until the host is quiet; false when it is stuck, with events sent to a scene that
    /// nothing handles. Throws `CancellationError` at the next look once its task is cancelled.
    func settle() async throws -> Bool {
        var steady = 0
        var stuck = 0
        var last: InProcessHost.Quiescence?
        while true {
            try Task.checkCancellation()
            let now = await host.quiescence()
            if now == last {
                if now.unhandledEvents == 0 {
                    steady += 1
                    if steady >= Self.steadyLooks { return true }
                } else {
                    stuck += 1
                    if stuck >= Self.stuckLooks { return false }
                }
            } else {
                steady = 0
                stuck = 0
            }
            last = now
            for _ in 0..<Self.yieldsBetweenLooks { await Task.yield() }
        }
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
