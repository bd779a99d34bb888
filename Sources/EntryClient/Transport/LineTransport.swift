/// One connection's bytes, whatever carries them: a socket to a daemon (`SocketTransport`), or an
/// engine in the same process (`Endpoint.inProcess`). `Connection` numbers requests, matches
/// replies and hands events on over either, through the same line codec.
package protocol LineTransport: AnyObject, Sendable {
    /// What errors name: a socket's path, a TCP address, an in-process host's name.
    var path: String { get }
    /// Writes `bytes` whole; the lines of one write reach the engine together.
    func write(_ bytes: [UInt8]) throws(EntryClientError)
    /// Starts the reader: `onLine` for every line, without its newline, then `onEnd` once at the end
    /// of the stream (the other end closed, or `close()` was called).
    func startReading(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void)
    /// Ends the connection both ways.
    func close()
    /// The client is done with `count` events this connection received: the app has acted on them.
    /// An in-process host counts this to tell when a test has gone quiet; a socket has no use for it.
    func eventsHandled(_ count: Int)
}

extension LineTransport {
    package func eventsHandled(_ count: Int) {}
}

extension Endpoint {
    /// Opens a transport to this endpoint.
    func connect() throws(EntryClientError) -> any LineTransport {
        switch self {
        case .unix(let path): try SocketTransport(unixPath: path)
        case .tcp(let host, let port, _): try SocketTransport(host: host, port: port, name: description)
        case .inProcess(let host): try host.connect()
        }
    }
}
