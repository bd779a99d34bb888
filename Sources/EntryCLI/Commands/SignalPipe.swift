import Glibc

/// The write end of the self-pipe; set once before the handlers are installed, read only by them.
nonisolated(unsafe) private var signalWriteEnd: Int32 = -1

/// SIGINT and SIGTERM as a readable descriptor, so a `poll` loop wakes for them without a race
/// between checking a flag and going to sleep.
enum SignalPipe {
    /// Installs the handlers and returns the read end.
    static func install() -> Int32 {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalWriteEnd = ends[1]
        for signum in [SIGINT, SIGTERM] {
            signal(signum) { _ in
                var byte: UInt8 = 1
                _ = write(signalWriteEnd, &byte, 1)
            }
        }
        return ends[0]
    }
}
