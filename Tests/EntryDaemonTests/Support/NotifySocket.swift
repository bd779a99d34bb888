import EntrySystem
import Glibc

/// A datagram socket standing in for systemd's `$NOTIFY_SOCKET`: the live tests learn that the
/// daemon serves from its `READY=1` instead of polling or sleeping.
final class NotifySocket {
    let path: String
    private let fd: Int32

    init(path: String) {
        self.path = path
        fd = UnixSocket.closeOnExec(family: AF_UNIX, type: Int32(SOCK_DGRAM.rawValue))
        _ = UnixSocket.withAddress(Array(path.utf8)) { bind(fd, $0, $1) }
    }

    /// The next datagram, or nil when none came within the timeout.
    func receive(timeoutMilliseconds: Int32 = 5000) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n < 0 ? nil : String(decoding: buffer[..<n], as: UTF8.self)
    }

    deinit { close(fd) }
}
