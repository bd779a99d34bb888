import Glibc

/// An `entryd serve` of its own, for `entryd check` (one per scenario) and `entryd demo`: a
/// temporary directory with the socket, the store and the log, started and `kill -9`ed on demand,
/// with readiness awaited on a notify socket (never by polling the daemon's socket).
public final class TemporaryDaemon {
    public let directory: String
    public let socketPath: String
    /// A SQLite file in the directory, or `:memory:`.
    public let storePath: String
    public let logPath: String
    private let executable: String
    private let configPath: String?
    private let notify: NotifyListener
    private var pid: pid_t?

    /// Makes the temporary directory; nothing runs until `start()`. `durable: false` gives the
    /// daemon `--store :memory:`.
    public init(executable: String, configPath: String? = nil, durable: Bool = true) throws(CheckError) {
        var template = Array("/tmp/entryd-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CheckError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        socketPath = directory + "/entryd.sock"
        storePath = durable ? directory + "/store.sqlite" : ":memory:"
        logPath = directory + "/daemon.log"
        self.executable = executable
        self.configPath = configPath
        do {
            notify = try NotifyListener(path: directory + "/notify.sock")
        } catch {
            rmdir(directory)
            throw error
        }
    }

    /// Starts the daemon and returns once it reports `READY=1`.
    public func start() throws(CheckError) {
        var arguments = [executable, "serve", "--socket", socketPath, "--store", storePath, "--log-level", "debug"]
        if let configPath { arguments += ["--config", configPath] }
        var environment = Environment.current
        environment["NOTIFY_SOCKET"] = notify.path
        pid = try ChildProcess.spawn(arguments, environment: environment, stderrPath: logPath)
        guard notify.await("READY=1", timeoutMilliseconds: 10_000) else {
            kill9()
            throw CheckError("the daemon did not become ready within 10 s; its log: \(logPath)")
        }
    }

    /// `kill -9`: no chance to commit or clean up, as in a crash.
    public func kill9() {
        guard let pid else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        self.pid = nil
    }

    /// SIGTERM and wait: the daemon's own orderly shutdown. Returns its exit status (-1 when it
    /// was killed by a signal, 0 when it was not running).
    @discardableResult
    public func stop() -> Int32 {
        guard let pid else { return 0 }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        self.pid = nil
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// The daemon's log so far, for a failure report.
    public func log() -> String {
        String(decoding: FileBytes.read(logPath) ?? [], as: UTF8.self)
    }

    /// Removes the temporary directory and everything in it.
    public func removeFiles() {
        for name in ["entryd.sock", "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "daemon.log", "notify.sock"] {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }

    deinit {
        stop()
        removeFiles()
    }
}
