import EntryClient
import EntryHost
import EntryRouter

/// A daemon of a test's own, in either mode (`TestMode`): the engine in the test's process, or the
/// real `entryd serve` on a manual clock with its socket, store and log in a temporary directory.
/// The same test body runs against both; `stop()` (or `withTestDaemon`) ends it.
///
///     let daemon = try await TestDaemon.start()
///     defer { daemon.stop() }
///
/// The mode is the one given here, else `ENTRYD_TEST_MODE` (`inprocess` or `daemon`), else the
/// daemon when an `entryd` executable is found and in-process when none is (said once per run).
public final class TestDaemon: Sendable {
    public let mode: TestMode
    /// Where clients reach it: the daemon's socket, or the in-process host.
    public let endpoint: Endpoint
    /// The daemon's temporary directory (`entryd.sock`, `store.sqlite`, `daemon.log`); nil in process,
    /// where there is none.
    public let directory: String?
    private let backend: Backend
    /// The config's names, which every expectation is checked against.
    let vocabulary: Vocabulary

    private enum Backend: Sendable {
        case inProcess(InProcessHost)
        case daemon(DaemonBackend)
    }

    /// Starts a daemon with `config` (a config file; the embedded MateRunner sample when nil). A
    /// config the engine refuses fails here with its errors (file, route, field), in either mode.
    /// `serveArguments` are added to `serve`'s, and so need the daemon mode.
    public static func start(config: String? = nil, mode: TestMode? = nil, executable: String? = nil,
                             serveArguments: [String] = []) async throws -> TestDaemon {
        let chosen = try mode ?? TestMode.fromEnvironment() ?? defaultMode(executable: executable)
        let loaded = try loadConfig(config)
        switch chosen {
        case .inProcess:
            guard serveArguments.isEmpty else {
                throw TestingError("serve arguments (\(serveArguments.joined(separator: " "))) need the entryd executable: start this daemon with mode: .daemon")
            }
            let host = try InProcessHost(config: loaded, startingAt: WallClock.now())
            return TestDaemon(mode: .inProcess, directory: nil, backend: .inProcess(host), vocabulary: Vocabulary(loaded),
                              endpoint: .inProcess(InProcessEndpoint(name: config ?? EmbeddedConfig.file) { () throws(EntryClientError) in
                                  try InProcessTransport(host: host, name: "in-process daemon")
                              }))
        case .daemon:
            let daemon = try await DaemonBackend.start(config: config, executable: executable, serveArguments: serveArguments)
            return TestDaemon(mode: .daemon, directory: daemon.directory, backend: .daemon(daemon), vocabulary: Vocabulary(loaded),
                              endpoint: daemon.endpoint)
        }
    }

    private init(mode: TestMode, directory: String?, backend: Backend, vocabulary: Vocabulary, endpoint: Endpoint) {
        self.mode = mode
        self.directory = directory
        self.backend = backend
        self.vocabulary = vocabulary
        self.endpoint = endpoint
    }

    /// With no mode named: the daemon when its executable is found, else in-process, said once.
    private static func defaultMode(executable: String?) -> TestMode {
        if executable != nil || EntrydExecutable.find() != nil { return .daemon }
        InProcessNotice.sayOnce()
        return .inProcess
    }

    /// The config as the daemon would read it: the file's, or the embedded sample's.
    private static func loadConfig(_ path: String?) throws -> Config {
        let file = path ?? EmbeddedConfig.file
        let bytes: [UInt8]
        if let path {
            guard let read = FileReading.bytes(path) else { throw TestingError("cannot read the config \(path)") }
            bytes = read
        } else {
            bytes = Array(EmbeddedConfig.json.utf8)
        }
        do {
            return try Config.load(json: bytes, file: file) { linked in
                guard let read = FileReading.bytes(linked) else { throw TestingError("cannot read \(linked)") }
                return read
            }
        } catch {
            let count = error.errors.count
            throw TestingError("\(file): \(count) \(count == 1 ? "problem" : "problems"):\n\(error)")
        }
    }

    /// A sender's connection to this daemon.
    public func sender() async throws -> EntrySender {
        try await EntrySender(endpoint: endpoint)
    }

    /// Moves the daemon's manual clock on: expirations and the dedupe window see the time pass.
    public func advance(by duration: Duration) async throws {
        let sender = try await sender()
        defer { sender.close() }
        try await sender.advance(by: duration)
    }

    /// A crash and a relaunch: every connection drops, and the daemon comes back with what it had
    /// committed (`kill -9` and a new `entryd` on the same socket and store, or the in-process router
    /// rebuilt from its store by the code the daemon rebuilds it with).
    public func restart() async throws {
        switch backend {
        case .inProcess(let host): try await host.restart()
        case .daemon(let daemon): try await daemon.restart()
        }
    }

    /// A scene of its own (not an app's): its events recorded for `expect`.
    public func scene(_ name: String = "main", launch: Launch? = nil) async throws -> TestScene {
        try await TestScene(EntryScene(name, launch: launch, endpoint: endpoint), quiet: quiet, vocabulary: vocabulary)
    }

    /// What the daemon has written to its log so far; in process, where there is no log, nothing.
    public func log() -> String {
        switch backend {
        case .inProcess: ""
        case .daemon(let daemon): daemon.log()
        }
    }

    /// Stops the daemon (SIGTERM, and its directory removed; or the in-process host ended).
    public func stop() {
        switch backend {
        case .inProcess(let host): host.stop()
        case .daemon(let daemon): daemon.stop()
        }
    }

    /// In process, how an expectation learns that nothing more will happen: the host is quiet
    /// (`Quiet`); nil against the daemon, where only the wall clock can tell.
    var quiet: Quiet? {
        switch backend {
        case .inProcess(let host): Quiet(host: host)
        case .daemon: nil
        }
    }

    deinit {
        stop()
    }
}

/// Runs `body` with a daemon of its own and stops it however `body` ends: returned, thrown, or
/// cancelled (the body's expectations and requests throw at once when its task is cancelled, and
/// the daemon is stopped before the error goes on). A task cancelled before the daemon started
/// starts none; one cancelled while it started stops it without running `body`.
public func withTestDaemon<Result: Sendable>(config: String? = nil, mode: TestMode? = nil,
                                              _ body: (TestDaemon) async throws -> Result) async throws -> Result {
    try Task.checkCancellation()
    let daemon = try await TestDaemon.start(config: config, mode: mode)
    defer { daemon.stop() }
    try Task.checkCancellation()
    return try await body(daemon)
}

/// A test-support failure: no binary, a daemon that did not start, a config it refused.
public struct TestingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
