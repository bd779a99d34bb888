#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The receiving end of a `$NOTIFY_SOCKET`, where a daemon started as a `ChildProcess` says
/// `READY=1` once it serves, as systemd hears it (`Type=notify`): `entryd check` and EntryTesting
/// await that, never polling the daemon's socket. Bound at `path` until it is gone.
package final class ReadinessSocket: @unchecked Sendable {
    // @unchecked: the descriptor is read by one waiting thread at a time.
    package let path: String
    private let fd: Int32

    /// Why the socket was not made.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case pathTooLong(path: String)
        case socket(code: Int32)
        case bind(path: String, code: Int32)

        package var description: String {
            switch self {
            case .pathTooLong(let path): "the notify socket path is too long: \(path)"
            case .socket(let code): "cannot create a notify socket: \(String(cString: strerror(code)))"
            case .bind(let path, let code): "cannot bind the notify socket \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// What ended a wait.
    package enum Wait: Sendable, Hashable {
        case ready
        /// The child ended before it said it was ready.
        case exited
        case timedOut
    }

    /// Binds a datagram socket at `path`, replacing what a run before left there.
    package init(path: String) throws(Failure) {
        let bytes = Array(path.utf8)
        guard bytes.count <= UnixSocket.pathLimit else { throw .pathTooLong(path: path) }
        let fd = UnixSocket.closeOnExec(family: AF_UNIX, type: datagramType)
        guard fd >= 0 else { throw .socket(code: errno) }
        unlink(path)
        let bound = UnixSocket.withAddress(bytes) { bind(fd, $0, $1) }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw .bind(path: path, code: code)
        }
        self.path = path
        self.fd = fd
    }

    /// Waits for a datagram with the line `READY=1`, for `child` to end, or for the timeout,
    /// whichever comes first. The end is seen at the end of the child's exit pipe when it has one;
    /// else `waitpid` is asked, without waiting, every 100 ms, which reaps a child that ended.
    package func awaitReady(from child: ChildProcess, timeoutMilliseconds: Int) -> Wait {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        while clock.now < deadline {
            let remaining = clock.now.duration(to: deadline).components
            let left = Int32(clamping: remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000 + 1)
            var pollers = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: child.exitPipe ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, child.exitPipe == nil ? min(left, 100) : left)
            if ready > 0 && pollers[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n > 0, String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").contains("READY=1") { return .ready }
            } else if ready > 0 && pollers[1].revents != 0 {
                return .exited
            } else if ready < 0 && errno != EINTR {
                return .timedOut
            }
            if child.exitPipe == nil && child.hasExited() { return .exited }
        }
        return .timedOut
    }

    deinit {
        close(fd)
        unlink(path)
    }
}

/// `SOCK_DGRAM` as `socket` takes it: a plain constant on Darwin, an enum on Glibc.
#if canImport(Darwin)
private let datagramType = SOCK_DGRAM
#else
private let datagramType = Int32(SOCK_DGRAM.rawValue)
#endif
