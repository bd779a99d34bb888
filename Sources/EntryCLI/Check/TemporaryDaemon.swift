import EntryDaemon
import EntrySystem
import Glibc

/// An `entryd serve` of its own, for `entryd check` (one per scenario) and `entryd demo`: a
/// temporary directory with the socket, the store and the log, started and `kill -9`ed on demand,
/// with readiness awaited on a notify socket (never by polling the daemon's socket).
package final class TemporaryDaemon {
    package let directory: String
    package let socketPath: String
    /// A SQLite file in the directory, or `:memory:`.
    package let storePath: String
    package let logPath: String
    private let executable: String
    private let configPath: String?
    private let notify: ReadinessSocket
    /// The running daemon, with the read end of its exit pipe.
    private var child: ChildProcess?

    /// Makes the temporary directory; nothing runs until `start()`. `durable: false` gives the
    /// daemon `--store :memory:`.
    package init(executable: String, configPath: String? = nil, durable: Bool = true) throws(CheckError) {
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
        do throws(ReadinessSocket.Failure) {
            notify = try ReadinessSocket(path: directory + "/notify.sock")
        } catch {
            rmdir(directory)
            throw CheckError(error.description)
        }
        InterruptCleanup.track(Self.fileNames.map { directory + "/" + $0 } + [directory])
    }

    /// Every file a daemon of this directory may leave in it.
    private static let fileNames = ["entryd.sock", "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "store.sqlite-journal",
                                    "daemon.log", "notify.sock"]

    /// Starts the daemon, on a manual clock that only a scenario's `advance` steps move, and returns
    /// once it reports `READY=1`. A daemon that exits first (a config
    /// it refuses, a socket it cannot bind) is reported at once with what it wrote, which is in the
    /// error itself: the log file goes with the temporary directory.
    package func start() throws(CheckError) {
        var arguments = [executable, "serve", "--socket", socketPath, "--store", storePath, "--log-level", "debug",
                         "--clock", "manual"]
        if let configPath { arguments += ["--config", configPath] }
        var environment = Environment.current
        environment["NOTIFY_SOCKET"] = notify.path
        let child: ChildProcess
        do throws(ChildProcess.Failure) {
            child = try ChildProcess.spawn(arguments, environment: environment.map { $0.key + "=" + $0.value },
                                           standardOutput: .null, standardError: .appending(to: logPath), exitPipe: true)
        } catch {
            throw CheckError(error.description)
        }
        self.child = child
        InterruptCleanup.track(pid: child.pid)
        switch notify.awaitReady(from: child, timeoutMilliseconds: 10_000) {
        case .ready:
            return
        case .exited:
            let status = reap()
            throw CheckError("the daemon exited with status \(status) before it was ready; it wrote:\n" + indentedLog(),
                             daemonExitStatus: status)
        case .timedOut:
            kill9()
            throw CheckError("the daemon did not become ready within 10 s; it wrote:\n" + indentedLog())
        }
    }

    /// `kill -9`: no chance to commit or clean up, as in a crash.
    package func kill9() {
        guard let child else { return }
        child.signal(SIGKILL)
        reap()
    }

    /// SIGTERM and wait: the daemon's own orderly shutdown. Returns its exit status (-1 when it
    /// was killed by a signal, 0 when it was not running).
    @discardableResult
    package func stop() -> Int32 {
        guard let child else { return 0 }
        child.signal(SIGTERM)
        return reap()
    }

    /// Waits for the child, forgets it and closes its exit pipe; returns its exit status (-1 when
    /// a signal ended it).
    @discardableResult
    private func reap() -> Int32 {
        guard let child else { return 0 }
        let status = child.waitForExit()
        InterruptCleanup.track(pid: 0)
        self.child = nil
        if let exitPipe = child.exitPipe { close(exitPipe) }
        return status
    }

    private func indentedLog() -> String {
        log().split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    }

    /// How much of a log a failure report reads: a scenario's debug log is far smaller.
    private static let logLimit = 64 << 20

    /// The daemon's log so far, for a failure report.
    package func log() -> String {
        String(decoding: (try? FileBytes.read(logPath, limit: Self.logLimit).get()) ?? [], as: UTF8.self)
    }

    /// Removes the temporary directory and everything in it.
    package func removeFiles() {
        InterruptCleanup.track([])
        for name in Self.fileNames {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }

    deinit {
        stop()
        removeFiles()
    }
}
