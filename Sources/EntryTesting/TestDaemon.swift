#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EntryClient

/// A daemon of a test's own: the real `entryd serve` on a manual clock, with its socket, store and
/// log in a temporary directory, stopped and removed at the end (`stop()`, or when released).
///
///     let daemon = try await TestDaemon.start()
///     defer { daemon.stop() }
public final class TestDaemon: Sendable {
    public let endpoint: Endpoint
    /// The temporary directory: `entryd.sock`, `store.sqlite`, `daemon.log`.
    public let directory: String
    private let arguments: [String]
    private let process: ProcessBox

    /// Starts a daemon with `config` (a config file; the daemon's embedded MateRunner sample when
    /// nil) and `serveArguments` added to `serve`'s.
    public static func start(config: String? = nil, executable: String? = nil,
                             serveArguments: [String] = []) async throws -> TestDaemon {
        guard let binary = executable ?? EntrydExecutable.find() else {
            throw TestingError("entryd was not found: build it (swift build), or set ENTRYD_EXECUTABLE to its path")
        }
        var template = Array("/tmp/entryd-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestingError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        var arguments = [binary, "serve", "--socket", directory + "/entryd.sock", "--store", directory + "/store.sqlite",
                         "--clock", "manual", "--log-level", "debug"]
        if let config { arguments += ["--config", config] }
        let daemon = TestDaemon(directory: directory, arguments: arguments + serveArguments)
        try await daemon.startProcess()
        return daemon
    }

    private init(directory: String, arguments: [String]) {
        self.directory = directory
        self.arguments = arguments
        endpoint = .unix(path: directory + "/entryd.sock")
        process = ProcessBox()
    }

    private func startProcess() async throws {
        let started = try await DaemonProcess.start(arguments, notifyPath: directory + "/notify.sock", logPath: directory + "/daemon.log")
        process.set(started)
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

    /// `kill -9`, then a new daemon on the same socket and store: a crash and a relaunch.
    public func restart() async throws {
        process.take()?.kill9()
        try await startProcess()
    }

    /// A scene of its own (not an app's): its events recorded for `expect`.
    public func scene(_ name: String = "main", launch: Launch? = nil) async throws -> TestScene {
        try await TestScene(EntryScene(name, launch: launch, endpoint: endpoint))
    }

    /// What the daemon has written to its log so far.
    public func log() -> String {
        String(decoding: FileReading.bytes(directory + "/daemon.log") ?? [], as: UTF8.self)
    }

    /// Stops the daemon (SIGTERM) and removes its directory.
    public func stop() {
        process.take()?.stop()
        for name in ["entryd.sock", "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "daemon.log", "notify.sock"] {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }

    deinit {
        stop()
    }
}

/// The running process, which `restart` replaces.
private final class ProcessBox: @unchecked Sendable {
    // @unchecked: every access holds the lock, which lives at an address of its own.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var process: DaemonProcess?

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func set(_ process: DaemonProcess) {
        pthread_mutex_lock(lock)
        self.process = process
        pthread_mutex_unlock(lock)
    }

    func take() -> DaemonProcess? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let taken = process
        process = nil
        return taken
    }
}

/// A test-support failure: no binary, a daemon that did not start.
public struct TestingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
