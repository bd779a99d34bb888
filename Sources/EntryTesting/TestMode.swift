import EntryClient

/// Where a test's daemon runs: the engine inside the test's own process, or the `entryd` executable
/// on a socket. One test body runs unchanged in both.
public enum TestMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The engine in the test's process: nothing to build but the app's package, no socket, no
    /// file, nothing waits on the wall clock. Runs wherever the app's tests run (a Mac, the iOS
    /// simulator, Linux).
    case inProcess = "inprocess"
    /// The real `entryd serve` on a temporary socket: what the simulator, an Android emulator or CI
    /// talks to, with its libuv loop, its SQLite store and `kill -9` for a crash.
    case daemon

    public var description: String { rawValue }

    /// The environment variable that chooses the mode for a whole run.
    public static let variable = "ENTRYD_TEST_MODE"

    /// The mode `ENTRYD_TEST_MODE` names; nil when it is not set.
    static func fromEnvironment() throws(TestingError) -> TestMode? {
        guard let text = ProcessEnvironment.value(variable), !text.isEmpty else { return nil }
        return try named(text)
    }

    /// The mode a value of `ENTRYD_TEST_MODE` names; anything else is an error naming the two modes.
    package static func named(_ text: String) throws(TestingError) -> TestMode {
        guard let mode = TestMode(rawValue: text.lowercased()) else {
            throw TestingError("\(variable)=\(text) is not a mode: use \(variable)=inprocess (the engine in the test's process) or \(variable)=daemon (the entryd executable)")
        }
        return mode
    }
}
