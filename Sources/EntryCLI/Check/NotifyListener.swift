import EntryDaemon
import Glibc

/// The receiving end of a `$NOTIFY_SOCKET`: lets `entryd check` await a daemon's `READY=1`
/// instead of polling its socket.
final class NotifyListener {
    let path: String
    private let fd: Int32

    init(path: String) throws(CheckError) {
        guard let address = UnixAddress(path: path) else { throw CheckError("notify socket path is too long: \(path)") }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw CheckError("cannot create a notify socket: \(String(cString: strerror(errno)))") }
        unlink(path)
        guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw CheckError("cannot bind the notify socket \(path): \(reason)")
        }
        self.path = path
        self.fd = fd
    }

    /// What ended a wait.
    enum Wait: Equatable {
        case received
        /// The watched pipe reached its end: the process that would have sent the state exited.
        case exited
        case timedOut
    }

    /// Waits for a datagram containing `state` (e.g. `READY=1`), or the end of `exitPipe`, or the
    /// timeout, whichever comes first.
    func await(_ state: String, timeoutMilliseconds: Int32, exitPipe: Int32) -> Wait {
        var remaining = timeoutMilliseconds
        let started = Monotonic.milliseconds()
        while remaining > 0 {
            var pollers = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: exitPipe, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, remaining)
            if ready > 0 && pollers[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n > 0, String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").contains(Substring(state)) {
                    return .received
                }
            } else if ready > 0 && pollers[1].revents != 0 {
                return .exited
            } else if ready < 0 && errno != EINTR {
                return .timedOut
            }
            remaining = timeoutMilliseconds - Int32(Monotonic.milliseconds() - started)
        }
        return .timedOut
    }

    deinit {
        close(fd)
        unlink(path)
    }
}
