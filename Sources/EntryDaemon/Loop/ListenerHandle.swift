import CUV

/// What a listening socket does once bound, the same for a Unix one and a TCP one: listen on the
/// stream, announce each waiting connection, accept it into a `Connection`, and close. It owns the
/// handle (its `data` and its memory), so that `PipeListener` and `TCPListener` each keep only what
/// differs: the handle's type and how it binds.
final class ListenerHandle: UVHandleOwner {
    /// The `uv_pipe_t` or `uv_tcp_t`, as the stream both are.
    let stream: UnsafeMutablePointer<uv_stream_t>
    private var onConnection: ((UVError?) -> Void)?

    /// Takes over `handle`, initialised: it is freed once libuv is done with it, after `close`.
    init<Handle>(_ handle: UnsafeMutablePointer<Handle>) {
        stream = asStream(handle)
        retainOwner(self, in: asHandle(stream))
    }

    /// Starts listening; `onConnection` runs for each connection waiting to be accepted, or with the
    /// error. `operation` names the listen in its error.
    func listen(backlog: Int32, operation: String, onConnection: @escaping (UVError?) -> Void) throws(UVError) {
        self.onConnection = onConnection
        try uvCheck(uv_listen(stream, backlog, onListenerConnection), operation)
    }

    /// Accepts the waiting connection into `connection`, which must be fresh and of the handle's type.
    func accept(into connection: Connection) throws(UVError) {
        try uvCheck(uv_accept(stream, connection.stream), "accept")
    }

    /// Stops accepting and releases the handle.
    func close() {
        onConnection = nil
        closeHandle(asHandle(stream))
    }

    fileprivate func announce(_ status: Int32) {
        onConnection?(status < 0 ? UVError(code: status, operation: "accept") : nil)
    }

    deinit { UnsafeMutableRawPointer(stream).deallocate() }
}

private func onListenerConnection(_ server: UnsafeMutablePointer<uv_stream_t>?, _ status: Int32) {
    guard let server else { return }
    withOwner(of: asHandle(server), as: ListenerHandle.self) { $0.announce(status) }
}
