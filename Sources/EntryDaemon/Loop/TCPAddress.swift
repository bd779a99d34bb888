import CUV
import Glibc

/// An IPv4 or IPv6 socket address, as libuv binds it.
struct TCPAddress {
    var storage = sockaddr_storage()

    /// The address of a numeric `host`; nil when it is not an IPv4 or IPv6 address.
    init?(host: String, port: UInt16) {
        let parsed = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_addr(host, Int32(port), $0) } == 0
                || pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_addr(host, Int32(port), $0) } == 0
        }
        guard parsed else { return nil }
    }

    /// 127.0.0.0/8 or ::1.
    var isLoopback: Bool {
        withUnsafePointer(to: storage) { pointer in
            switch Int32(storage.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    withUnsafeBytes(of: address.pointee.sin6_addr) { bytes in
                        bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
                    }
                }
            default:
                return false
            }
        }
    }

    /// The port of an address libuv filled in (`uv_tcp_getsockname`).
    var port: UInt16 {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }
}
