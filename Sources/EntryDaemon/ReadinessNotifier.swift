// CUV's header includes <sys/socket.h> too: in a whole-module (release) build, once any file of the
// module imports CUV, the socket constants (`MSG_NOSIGNAL`) are found only by files importing it.
import CUV
import Glibc

/// Tells a service manager (systemd `Type=notify`) that the daemon is ready or stopping: one datagram
/// to `$NOTIFY_SOCKET`, which may name the abstract namespace with a leading `@`.
struct ReadinessNotifier {
    let path: String

    init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Sends `state` (`READY=1`, `STOPPING=1`); returns the failure to log, if any.
    func send(_ state: String) -> String? {
        guard let address = UnixAddress(path: path) else { return "NOTIFY_SOCKET path is too long" }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        let bytes = Array(state.utf8)
        let sent = address.withSockaddr { addr, length in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), addr, length) }
        }
        return sent < 0 ? String(cString: strerror(errno)) : nil
    }
}
