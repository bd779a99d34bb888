import CUV
import Glibc

/// A listening Unix domain socket; each incoming connection is announced through `onConnection`.
package final class PipeListener: UVHandleOwner {
    let pipe: UnsafeMutablePointer<uv_pipe_t>
    package let loop: Loop
    private var onConnection: ((UVError?) -> Void)?

    package init(loop: Loop) throws(UVError) {
        self.loop = loop
        pipe = try initializedHandle("uv_pipe_init") { uv_pipe_init(loop.raw, $0, 0) }
        retainOwner(self, in: asHandle(pipe))
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
        self.onConnection = onConnection
        try uvCheck(uv_listen(asStream(pipe), backlog, onListenerConnection), "listen")
    }

    /// Accepts the waiting connection into `connection`, which must be fresh.
    package func accept(into connection: Connection) throws(UVError) {
        try uvCheck(uv_accept(asStream(pipe), connection.stream), "accept")
    }

    /// Stops accepting and releases the handle.
    package func close() {
        onConnection = nil
        closeHandle(asHandle(pipe))
    }

    fileprivate func announce(_ status: Int32) {
        onConnection?(status < 0 ? UVError(code: status, operation: "accept") : nil)
    }

    deinit { pipe.deallocate() }
}

private func onListenerConnection(_ server: UnsafeMutablePointer<uv_stream_t>?, _ status: Int32) {
    guard let server else { return }
    withOwner(of: asHandle(server), as: PipeListener.self) { $0.announce(status) }
}
