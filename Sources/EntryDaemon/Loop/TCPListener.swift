import CUV
import Glibc

/// A listening TCP socket (`serve --listen`); each incoming connection is announced through
/// `onConnection`. Its peers have no credentials: they show the daemon's token first instead.
package final class TCPListener {
    let tcp: UnsafeMutablePointer<uv_tcp_t>
    private let handle: ListenerHandle
    package let loop: Loop
    package let address: ListenAddress

    package init(loop: Loop, address: ListenAddress) throws(UVError) {
        self.loop = loop
        self.address = address
        tcp = try initializedHandle("uv_tcp_init") { uv_tcp_init(loop.raw, $0) }
        handle = ListenerHandle(tcp)
    }

    /// Binds to the address (the caller checked that its host is an IP address) and returns the port
    /// bound, which the system chose when the address asked for port 0.
    package func bind() throws(UVError) -> UInt16 {
        guard var target = TCPAddress(host: address.host, port: address.port) else {
            throw UVError(code: UV_EINVAL.rawValue, operation: "bind \(address)")
        }
        let bound = withUnsafePointer(to: &target.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_bind(tcp, $0, 0) }
        }
        try uvCheck(bound, "bind \(address)")
        var actual = TCPAddress(host: "0.0.0.0", port: 0)!
        var length = Int32(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_getsockname(tcp, $0, &length) }
        }
        try uvCheck(named, "getsockname \(address)")
        return actual.port
    }

    /// Starts listening; `onConnection` runs for each connection waiting to be accepted, or with the error.
    package func listen(backlog: Int32 = 128, onConnection: @escaping (UVError?) -> Void) throws(UVError) {
        try handle.listen(backlog: backlog, operation: "listen \(address)", onConnection: onConnection)
    }

    /// Accepts the waiting connection into `connection`, which must be a fresh TCP one. Nagle's
    /// algorithm is turned off: the daemon writes once per turn, and a scene's event written while
    /// the last one waits for its (delayed) acknowledgement would otherwise wait too.
    package func accept(into connection: Connection) throws(UVError) {
        try handle.accept(into: connection)
        try uvCheck(uv_tcp_nodelay(UnsafeMutablePointer<uv_tcp_t>(OpaquePointer(connection.stream)), 1), "TCP_NODELAY")
    }

    /// Stops accepting and releases the handle.
    package func close() {
        handle.close()
    }
}
