import EntryClient
import EntryDaemon
import EntryRouter
import EntrySystem
import Glibc

/// A small blocking client for the daemon's socket: write request lines, read reply and event lines.
///
/// It needs no event loop, which keeps the CLI subcommands and the tests simple. The connection is
/// EntrySystem's `StreamSocket`, the one EntryClient's transport uses too; what is the command
/// line's own is reading it in a `poll` beside standard input, and the errors that say what to do.
package final class Client {
    package let path: String
    private let socket: StreamSocket
    private var buffer: [UInt8] = []

    /// Connects to the daemon at `path`, and refuses it unless it runs as this user or as root
    /// (`SO_PEERCRED`): another user's listener on the path must not get what is sent. A `path` of
    /// `tcp:HOST:PORT` connects over TCP and begins with `hello`, showing the token of `tokenFile`,
    /// else of `ENTRYD_TOKEN` (docs/PROTOCOL.md).
    package init(path: String, tokenFile: String? = nil) throws(ClientError) {
        self.path = path
        if TCPConnection.names(path) {
            let token = try ClientToken.resolve(file: tokenFile, address: path)
            socket = try Self.connectTCP(path)
            try hello(token)
            return
        }
        let socket: StreamSocket
        do throws(StreamSocket.Failure) {
            socket = try StreamSocket(unixPath: path)
        } catch {
            throw Self.connectionError(error, path: path)
        }
        if let owner = socket.peerUID, owner != getuid() && owner != 0 { throw .foreignServer(path: path, uid: owner) }
        self.socket = socket
    }

    /// What a failed connection to `path` tells the user.
    private static func connectionError(_ error: StreamSocket.Failure, path: String) -> ClientError {
        switch error {
        case .pathTooLong:
            return .pathTooLong(path)
        case .socket(let code):
            return .io(path: path, operation: "socket", reason: ClientError.errnoText(code))
        case .connect(let code):
            if code == ENOENT || code == EACCES, let problem = ClientError.accessProblem(of: path) { return problem }
            switch code {
            case ENOENT, ECONNREFUSED: return .noDaemon(path: path, reason: ClientError.errnoText(code))
            default: return .io(path: path, operation: "connect", reason: ClientError.errnoText(code))
            }
        case .peerCredentials(let operation, let code):
            return .io(path: path, operation: operation, reason: ClientError.errnoText(code))
        case .resolve(let reason):
            return .io(path: path, operation: "getaddrinfo", reason: reason)
        }
    }

    /// Connects to a `--listen` address.
    private static func connectTCP(_ path: String) throws(ClientError) -> StreamSocket {
        do throws(TCPConnection.Failure) {
            return try TCPConnection.open(path)
        } catch {
            switch error {
            case .badAddress:
                throw .badTCPAddress(path)
            case .socket(.connect(let code)):
                if code == ECONNREFUSED { throw .noDaemon(path: path, reason: ClientError.errnoText(code)) }
                throw .io(path: path, operation: "connect", reason: ClientError.errnoText(code))
            case .socket(let failure):
                throw connectionError(failure, path: path)
            }
        }
    }

    /// Shows the token; the daemon answers a good `hello` with ok, anything else with `not_allowed`
    /// before it closes.
    private func hello(_ token: String) throws(ClientError) {
        var line: [UInt8] = []
        JSONWriter.append(EntryRequest.hello(token: token).json(req: nil), to: &line)
        try send(bytes: line + [UInt8(ascii: "\n")])
        guard let reply = try readLine(timeoutMilliseconds: 10_000) else { throw .closedWithoutReply(path: path) }
        guard case .bool(true)? = (try? JSONValue.parse(reply[...]))?[.ok] else { throw .tokenRefused(path: path) }
    }

    /// Writes `line`, adding the newline.
    package func send(_ line: String) throws(ClientError) {
        try send(bytes: Array(line.utf8) + [UInt8(ascii: "\n")])
    }

    /// Writes raw bytes as they are (tests use it to split or join lines).
    package func send(bytes: [UInt8]) throws(ClientError) {
        do throws(StreamSocket.WriteFailure) {
            try socket.write(bytes)
        } catch {
            switch error {
            case .closed: throw .closedWithoutReply(path: path)
            case .failed(let code): throw .io(path: path, operation: "write", reason: ClientError.errnoText(code))
            }
        }
    }

    /// Stops sending; the daemon sees the end of input and closes once it has answered.
    package func finishSending() {
        socket.finishWriting()
    }

    /// The next line without its newline, or nil once the daemon closed the connection.
    /// A negative timeout waits for as long as it takes.
    package func readLine(timeoutMilliseconds: Int32 = -1) throws(ClientError) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            guard try fill(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        }
    }

    /// The socket, for a caller that polls it together with other descriptors (`entryd scene`).
    package var descriptor: Int32 { socket.descriptor }

    /// A complete line already received, taken without waiting: after a `poll` a caller must drain
    /// these, because one read can bring several lines and the socket is then no longer readable.
    package func bufferedLine() -> [UInt8]? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        return line
    }

    /// Reads once, after `poll` reported the socket readable; false at end of stream.
    package func receiveAvailable() throws(ClientError) -> Bool {
        try fill(timeoutMilliseconds: 0)
    }

    /// Reads what is available into the buffer; false at end of stream.
    private func fill(timeoutMilliseconds: Int32) throws(ClientError) -> Bool {
        var poller = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMilliseconds)
        if ready < 0 {
            if errno == EINTR { return true }
            throw .io(path: path, operation: "poll", reason: ClientError.errnoText(errno))
        }
        if ready == 0 { throw .timedOut(path: path) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = socket.receive(into: &chunk)
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            if errno == ECONNRESET { return false }
            throw .io(path: path, operation: "read", reason: ClientError.errnoText(errno))
        }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }
}
