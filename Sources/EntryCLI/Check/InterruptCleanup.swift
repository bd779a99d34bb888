import Glibc

/// The daemon and files of the `TemporaryDaemon` in use, for the signal handler: set and cleared
/// by that daemon, read only by the handler. One at a time: `check` runs its scenarios in turn.
nonisolated(unsafe) private var runningDaemonPID: pid_t = 0
nonisolated(unsafe) private var temporaryPaths: [[CChar]] = []

/// Ctrl-C (or SIGTERM) on `entryd check` ends it at once, wherever it waits (a reply, a `wait`
/// step, a daemon's start), without leaving the daemon or its temporary directory behind: the
/// handler kills and reaps the daemon, removes the files and the directory, and exits 128 + the
/// signal, as a shell reports an interrupted command. It does only what a signal handler may:
/// `kill`, `waitpid`, `unlink`, `rmdir` and `_exit`, on paths made before.
enum InterruptCleanup {
    static func install() {
        // A parent may have blocked them (a test runner's thread does): they must arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signum in [SIGINT, SIGTERM] {
            sigaddset(&unblocked, signum)
        }
        sigprocmask(SIG_UNBLOCK, &unblocked, nil)
        for signum in [SIGINT, SIGTERM] {
            signal(signum) { signum in
                if runningDaemonPID > 0 {
                    kill(runningDaemonPID, SIGKILL)
                    var status: Int32 = 0
                    waitpid(runningDaemonPID, &status, 0)
                }
                // The files first, the directory (the last path) once it is empty.
                for path in temporaryPaths {
                    path.withUnsafeBufferPointer { if unlink($0.baseAddress!) != 0 { rmdir($0.baseAddress!) } }
                }
                _exit(128 + signum)
            }
        }
    }

    /// The files a temporary daemon may leave, then its directory; empty when none is in use.
    static func track(_ paths: [String]) {
        temporaryPaths = paths.map { Array($0.utf8CString) }
    }

    /// The running daemon's pid; 0 when none runs.
    static func track(pid: pid_t) {
        runningDaemonPID = pid
    }
}
