#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import EntrySystem

/// One connection's bytes: lines out, lines in, over EntrySystem's `StreamSocket`, the connection
/// the command line's client uses too.
///
/// The descriptor is blocking. Writes happen on the caller (lines are small, and the daemon reads
/// as fast as it can); reads happen on a dedicated dispatch queue, in a loop that blocks in `recv`
/// and hands every complete line to `onLine` in order, then calls `onEnd` once. A blocking reader on
/// its own queue needs no run loop or event source, works the same on Linux and Apple platforms,
/// and is what an app's debug build can afford: one thread per connection, of which an app has one.
///
/// A TCP endpoint is another way to get the socket; the `hello` line the connection sends first
/// (`Connection`) is what stands in for the Unix socket's peer check.
final class SocketTransport: LineTransport, @unchecked Sendable {
    // @unchecked: `socket` never changes after init; `write` is called by one actor at a time, and
    // the reader loop owns its buffer alone.
    let path: String
    private let socket: StreamSocket

    init(unixPath: String) throws(EntryClientError) {
        path = unixPath
        do throws(StreamSocket.Failure) {
            socket = try StreamSocket(unixPath: unixPath)
        } catch {
            throw Self.error(error, path: unixPath)
        }
        // Another user's process on the path must not get what the app sends.
        if let uid = socket.peerUID, uid != getuid() && uid != 0 { throw .foreignServer(path: path, uid: uid) }
    }

    /// `name` is the endpoint as errors show it (`tcp:HOST:PORT`).
    init(host: String, port: UInt16, name: String) throws(EntryClientError) {
        path = name
        do throws(StreamSocket.Failure) {
            socket = try StreamSocket(host: host, port: port)
        } catch {
            throw Self.error(error, path: name)
        }
    }

    /// What a failed connection to `path` tells the app.
    private static func error(_ failure: StreamSocket.Failure, path: String) -> EntryClientError {
        switch failure {
        case .pathTooLong(let bytes): .socketPathTooLong(path: path, bytes: bytes, limit: StreamSocket.unixPathLimit)
        case .socket(let code): .io(path: path, operation: "socket", reason: errnoText(code))
        case .connect(let code) where code == ENOENT || code == ECONNREFUSED: .noDaemon(path: path, reason: errnoText(code))
        case .connect(let code): .io(path: path, operation: "connect", reason: errnoText(code))
        case .peerCredentials(let operation, let code): .io(path: path, operation: operation, reason: errnoText(code))
        case .resolve(let reason): .io(path: path, operation: "getaddrinfo", reason: reason)
        }
    }

    /// Writes `bytes` whole.
    func write(_ bytes: [UInt8]) throws(EntryClientError) {
        do throws(StreamSocket.WriteFailure) {
            try socket.write(bytes)
        } catch {
            switch error {
            case .closed: throw .disconnected(path: path)
            case .failed(let code): throw .io(path: path, operation: "write", reason: errnoText(code))
            }
        }
    }

    /// Starts the reader: `onLine` for every line, without its newline, then `onEnd` once at the
    /// end of the stream (the daemon closed, or `close()` was called: its owner must call it).
    func startReading(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        // The loop holds the transport, so the descriptor stays open until the loop has ended.
        DispatchQueue(label: "entryd.client.reader").async { [self] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = socket.receive(into: &chunk)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                pending.append(contentsOf: chunk[..<n])
                var start = 0
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    var end = newline
                    if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    if end > start { onLine(Array(pending[start..<end])) }
                    start = newline + 1
                }
                pending.removeFirst(start)
            }
            onEnd()
        }
    }

    /// Ends the connection both ways: the reader sees the end of the stream and stops.
    func close() {
        socket.shutDown()
    }
}

private func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
