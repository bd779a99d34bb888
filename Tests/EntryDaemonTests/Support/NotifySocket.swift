import Glibc

/// A datagram socket standing in for systemd's `$NOTIFY_SOCKET`: the live tests learn that the
/// daemon serves from its `READY=1` instead of polling or sleeping.
final class NotifySocket {
    let path: String
    private let fd: Int32

    init(path: String) {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
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
