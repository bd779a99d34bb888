#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EntryClient

/// A test's daemon in the daemon mode: the real `entryd serve` on a manual clock, with its socket,
/// store and log in a temporary directory, which `stop` removes.
final class DaemonBackend: Sendable {
    let endpoint: Endpoint
    let directory: String
    private let arguments: [String]
    private let process: ProcessBox

    static func start(config: String?, executable: String?, serveArguments: [String]) async throws -> DaemonBackend {
        guard let binary = executable ?? EntrydExecutable.find() else {
            throw TestingError("entryd was not found: build it (swift build), set ENTRYD_EXECUTABLE to its path, or run in process (ENTRYD_TEST_MODE=inprocess)")
        }
        var template = Array("/tmp/entryd-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestingError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        var arguments = [binary, "serve", "--socket", directory + "/entryd.sock", "--store", directory + "/store.sqlite",
                         "--clock", "manual", "--log-level", "debug"]
        if let config { arguments += ["--config", config] }
        let daemon = DaemonBackend(directory: directory, arguments: arguments + serveArguments)
        do {
            try await daemon.startProcess()
        } catch {
            daemon.stop()
            throw error
        }
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

    /// `kill -9`, then a new daemon on the same socket and store.
    func restart() async throws {
        process.take()?.kill9()
        try await startProcess()
    }

    func log() -> String {
        String(decoding: FileReading.bytes(directory + "/daemon.log") ?? [], as: UTF8.self)
    }

    /// SIGTERM, and the directory removed.
    func stop() {
        process.take()?.stop()
        for name in ["entryd.sock", "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "daemon.log", "notify.sock", "entryd.token"] {
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
