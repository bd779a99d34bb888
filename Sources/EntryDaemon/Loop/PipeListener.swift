import CUV
import Glibc

/// A listening Unix domain socket; each incoming connection is announced through `onConnection`.
package final class PipeListener {
    let pipe: UnsafeMutablePointer<uv_pipe_t>
    private let handle: ListenerHandle
    package let loop: Loop

    package init(loop: Loop) throws(UVError) {
        self.loop = loop
        pipe = try initializedHandle("uv_pipe_init") { uv_pipe_init(loop.raw, $0, 0) }
        handle = ListenerHandle(pipe)
    }

    /// Binds to `path`, creating the socket file with mode 0600, or 0666 when `openToOthers` (other
    /// users allowed in by uid must be able to connect; their peer credentials are then the gate).
    /// The umask is set around the bind, because a chmod afterwards would leave a moment in which the
    /// mode is not the one asked for. The caller has checked the length (libuv 1.44 silently
    /// truncates long paths).
    package func bind(path: String, openToOthers: Bool = false) throws(UVError) {
        let previous = umask(openToOthers ? 0o111 : 0o177)
        defer { umask(previous) }
        try uvCheck(uv_pipe_bind(pipe, path), "bind \(path)")
    }

    /// Starts listening; `onConnection` runs for each connection waiting to be accepted, or with the error.
    package func listen(backlog: Int32 = 128, onConnection: @escaping (UVError?) -> Void) throws(UVError) {
        try handle.listen(backlog: backlog, operation: "listen", onConnection: onConnection)
    }

    /// Accepts the waiting connection into `connection`, which must be fresh.
    package func accept(into connection: Connection) throws(UVError) {
        try handle.accept(into: connection)
    }

    /// Stops accepting and releases the handle.
    package func close() {
        handle.close()
    }
}
