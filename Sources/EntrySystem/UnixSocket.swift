#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What both of the package's Unix sockets need, the daemon's stream (`StreamSocket`) and the
/// readiness datagram (`ReadinessSocket`): a close-on-exec descriptor, so that no child a test
/// starts inherits it, and a path's address as `bind` and `connect` take it. The tests' own sockets
/// use it too.
package enum UnixSocket {
    /// The longest path a `sockaddr_un` holds, its terminating zero aside.
    package static var pathLimit: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// A close-on-exec socket; -1, with `errno` set, when none was made.
    package static func closeOnExec(family: Int32, type: Int32) -> Int32 {
        #if canImport(Darwin)
        let fd = socket(family, type, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
        #else
        return socket(family, type | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// Calls `body` with the address of the Unix socket at `path` (at most `pathLimit` bytes) and
    /// its length, as `bind` and `connect` take them.
    package static func withAddress<Result>(_ path: [UInt8], _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { room in
            for (index, byte) in path.enumerated() { room[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
