import EntrySystem

/// A connection to a daemon's `--listen` address (`tcp:HOST:PORT` as `--socket`). Unlike the Unix
/// socket, nothing tells who listens: the client shows the token in its `hello`, and trusts the
/// network it connects over (docs/PROTOCOL.md, transport).
package enum TCPConnection {
    /// Why the connection was not made.
    package enum Failure: Error, Sendable, Hashable {
        /// Not `tcp:HOST:PORT` with an IP address or `localhost`.
        case badAddress
        case socket(StreamSocket.Failure)
    }

    /// Connects to `text` (`tcp:HOST:PORT`), read as `serve --listen` reads it, so that a client
    /// reaches the address the daemon bound and never asks a resolver.
    package static func open(_ text: String) throws(Failure) -> StreamSocket {
        guard let address = ListenAddress(text), address.isIPAddress else { throw .badAddress }
        do throws(StreamSocket.Failure) {
            return try StreamSocket(host: address.host, port: address.port)
        } catch {
            throw .socket(error)
        }
    }

    /// Whether the socket names a TCP address rather than a Unix socket path.
    package static func names(_ socket: String) -> Bool { socket.hasPrefix("tcp:") }
}
