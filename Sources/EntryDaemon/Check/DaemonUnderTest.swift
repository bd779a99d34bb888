import Glibc

/// A fresh `entryd serve` for one scenario: its own temporary socket and store, started and
/// `kill -9`ed on demand, with readiness awaited through a notify socket.
final class DaemonUnderTest {
    let directory: String
    let socketPath: String
    let storePath: String
    let logPath: String
    private let executable: String
    private let configPath: String?
    private let notify: NotifyListener
    private var pid: pid_t?

    /// Makes the temporary directory; nothing runs until `start()`.
    init(executable: String, configPath: String?) throws(CheckError) {
        var template = Array("/tmp/entryd-check-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CheckError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        socketPath = directory + "/entryd.sock"
        storePath = directory + "/store.sqlite"
        logPath = directory + "/daemon.log"
        self.executable = executable
        self.configPath = configPath
        notify = try NotifyListener(path: directory + "/notify.sock")
    }

    /// Starts the daemon and returns once it reports `READY=1`.
    func start() throws(CheckError) {
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
    func kill9() {
        guard let pid else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        self.pid = nil
    }

    /// SIGTERM and wait: the daemon's own orderly shutdown.
    func stop() {
        guard let pid else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        self.pid = nil
    }

    /// The daemon's log so far, for a failure report.
    func log() -> String {
        String(decoding: FileBytes.read(logPath) ?? [], as: UTF8.self)
    }

    /// Removes the temporary directory and everything in it.
    func removeFiles() {
        for name in ["entryd.sock", "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "daemon.log", "notify.sock"] {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }

    deinit { stop() }
}
