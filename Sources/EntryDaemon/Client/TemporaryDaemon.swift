import Glibc

/// An `entryd serve` of its own for `entryd demo`: a temporary directory with the socket and the
/// log, the embedded sample config, an in-memory store, and readiness awaited on a notify socket
/// (never by polling the socket). `stop()` ends it and removes the directory.
public final class TemporaryDaemon {
    public let socketPath: String
    public let logPath: String
    private let directory: String
    private let notify: NotifyListener
    private var pid: pid_t?

    /// Starts `executable serve` and returns once it reported `READY=1`.
    public init(executable: String) throws(CheckError) {
        var template = Array("/tmp/entryd-demo-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CheckError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        socketPath = directory + "/entryd.sock"
        logPath = directory + "/daemon.log"
        do {
            notify = try NotifyListener(path: directory + "/notify.sock")
        } catch {
            rmdir(directory)
            throw error
        }
        var environment = ProcessEnvironment.current()
        environment["NOTIFY_SOCKET"] = notify.path
        do {
            pid = try ChildProcess.spawn([executable, "serve", "--socket", socketPath, "--store", ":memory:"],
                                         environment: environment, stderrPath: logPath)
        } catch {
            removeFiles()
            throw error
        }
        guard notify.await("READY=1", timeoutMilliseconds: 10_000) else {
            stop()
            throw CheckError("the demo daemon did not become ready within 10 s")
        }
    }

    /// SIGTERM, wait for the orderly exit, remove the directory. Returns the daemon's exit status.
    @discardableResult
    public func stop() -> Int32 {
        var status: Int32 = 0
        if let pid {
            kill(pid, SIGTERM)
            waitpid(pid, &status, 0)
            self.pid = nil
        }
        removeFiles()
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    private func removeFiles() {
        for name in ["entryd.sock", "daemon.log", "notify.sock"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    deinit { stop() }
}
