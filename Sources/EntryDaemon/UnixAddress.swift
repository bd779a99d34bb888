import Glibc

/// A `sockaddr_un` for a filesystem path, or for an abstract name when the path starts with `@`
/// (as systemd writes `$NOTIFY_SOCKET`).
package struct UnixAddress {
    /// `sun_path` is 108 bytes including the terminating NUL.
    package static let maxPathBytes = 107

    private var storage = sockaddr_un()
    private(set) var length: socklen_t

    /// nil when the path does not fit in `sun_path`.
    package init?(path: String) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard !bytes.isEmpty, bytes.count <= UnixAddress.maxPathBytes else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
        length = socklen_t(pathOffset + bytes.count + (abstract ? 0 : 1))
    }

    /// Calls `body` with the address as a generic `sockaddr`.
    package func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
