import CUV
import Glibc

/// A connected Unix stream socket and the uid of the process listening on it (`SO_PEERCRED`).
///
/// Both the client and `serve`, looking at a path before it binds it, must know who listens before
/// trusting the other end, so the connecting lives here once and each decides what a uid means.
package struct UnixConnection {
    /// Why the connection was not made, with the `errno` of the call that failed.
    package enum Failure: Error, Sendable, Hashable {
        /// The path does not fit in `sun_path`.
        case pathTooLong
        case socket(Int32)
        case connect(Int32)
        case peerCredentials(Int32)
    }

    /// The connected socket; the caller owns it and closes it.
    package let descriptor: Int32
    package let peerUID: uid_t

    /// Connects to `path` and reads the listener's uid; nothing is left open when it throws.
    package init(path: String) throws(Failure) {
        guard let address = UnixAddress(path: path) else { throw .pathTooLong }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socket(errno) }
        guard address.withSockaddr({ Glibc.connect(fd, $0, $1) }) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .connect(code)
        }
        var owner: uid_t = 0
        guard entryd_peer_uid(fd, &owner) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .peerCredentials(code)
        }
        descriptor = fd
        peerUID = owner
    }
}
