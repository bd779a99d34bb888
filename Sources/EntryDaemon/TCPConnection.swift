// CUV's header includes <sys/socket.h> too: in a whole-module (release) build, once any file of the
// module imports CUV, the socket constants are found only by files importing it.
import CUV
import Glibc

/// A connected TCP socket to a daemon's `--listen` address (`tcp:HOST:PORT` as `--socket`). Unlike
/// the Unix socket, nothing tells who listens: the client shows the token in its `hello`, and
/// trusts the network it connects over (docs/PROTOCOL.md, transport).
package struct TCPConnection {
    /// Why the connection was not made, with the `errno` of the call that failed.
    package enum Failure: Error, Sendable, Hashable {
        /// Not `tcp:HOST:PORT` with an IP address or `localhost`.
        case badAddress
        case socket(Int32)
        case connect(Int32)
    }

    /// The connected socket; the caller owns it and closes it.
    package let descriptor: Int32

    /// Connects to `text` (`tcp:HOST:PORT`); nothing is left open when it throws.
    package init(_ text: String) throws(Failure) {
        guard let address = ListenAddress(text), var target = TCPAddress(host: address.host, port: address.port) else {
            throw .badAddress
        }
        let fd = socket(Int32(target.storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(errno) }
        let length = socklen_t(target.storage.ss_family == sa_family_t(AF_INET6)
            ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &target.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .connect(code)
        }
        descriptor = fd
    }

    /// Whether the socket names a TCP address rather than a Unix socket path.
    package static func names(_ socket: String) -> Bool { socket.hasPrefix("tcp:") }
}
