import EntryDaemon
import Glibc

/// Why talking to the daemon failed; each case says what the user can do about it.
package enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing accepts connections at the path (no file, or a stale one).
    case noDaemon(path: String, reason: String)
    /// The socket's directory does not exist: no daemon was ever started on this path (or its
    /// runtime directory is gone), which `connect` reports as a missing file or as permission denied.
    case missingDirectory(path: String, directory: String)
    /// The socket's directory exists but this user may not enter it (a private directory of another
    /// user, as `serve` makes them).
    case directoryClosed(path: String, directory: String, owner: uid_t)
    /// The socket exists but its mode keeps this user out: the daemon was started without
    /// `--allow-uid` for this user.
    case socketClosed(path: String, owner: uid_t)
    case pathTooLong(String)
    /// The daemon closed the connection before it answered, and still answers others: it may
    /// refuse this uid.
    case closedWithoutReply(path: String)
    /// The daemon closed the connection before it answered, and no longer answers: it stopped.
    case daemonStopped(path: String)
    case timedOut(path: String)
    /// The process listening on the path belongs to another user (neither this one nor root): what
    /// would be sent could be read by it, and its replies could be forged.
    case foreignServer(path: String, uid: uid_t)
    case io(path: String, operation: String, reason: String)
    /// `--socket tcp:…` names no address a client can connect to.
    case badTCPAddress(String)
    /// A TCP address, and no token to show (`--token-file`, `ENTRYD_TOKEN`).
    case tokenMissing(path: String)
    case tokenUnreadable(file: String, reason: String)
    /// The daemon refused the `hello`: the token is not its own.
    case tokenRefused(path: String)

    package var description: String {
        switch self {
        case .noDaemon(let path, let reason):
            "no daemon is listening on \(path) (\(reason)); start one with: \(Self.serveCommand(path))"
        case .missingDirectory(let path, let directory):
            "no daemon is listening on \(path): its directory \(directory) does not exist; start one with: \(Self.serveCommand(path))"
        case .directoryClosed(let path, let directory, let owner):
            "cannot reach \(path): its directory \(directory) belongs to \(describeUser(owner)) and is closed to you; "
                + "use your own socket (--socket or ENTRYD_SOCKET), or ask its owner for --allow-uid and a directory you can enter"
        case .socketClosed(let path, let owner):
            "the socket \(path) belongs to \(describeUser(owner)) and is closed to you; "
                + "its daemon can let you in with: entryd serve --allow-uid \(getuid())"
        case .pathTooLong(let path):
            "socket path is longer than \(UnixAddress.maxPathBytes) bytes: \(path)"
        case .closedWithoutReply(let path):
            "the daemon on \(path) closed the connection without a reply (is this uid allowed? see serve --allow-uid)"
        case .daemonStopped(let path):
            "the daemon on \(path) stopped before it answered; start it again with: \(Self.serveCommand(path))"
        case .timedOut(let path):
            "the daemon on \(path) did not answer in time"
        case .foreignServer(let path, let uid):
            "the socket \(path) is served by \(describeUser(uid)), not by you or root; nothing was sent to it: "
                + "stop that process, or choose another --socket"
        case .io(let path, let operation, let reason):
            "\(operation) on \(path) failed: \(reason)"
        case .badTCPAddress(let path):
            "\(path) is not tcp:HOST:PORT with an IP address or localhost as HOST (tcp:127.0.0.1:7000, tcp:[::1]:7000)"
        case .tokenMissing(let path):
            "\(path) is a TCP address: give the daemon's token with --token-file FILE or ENTRYD_TOKEN "
                + "(the daemon's --token-file, by default entryd.token beside its store)"
        case .tokenUnreadable(let file, let reason):
            "cannot read the token file \(file): \(reason) (--token-file)"
        case .tokenRefused(let path):
            "the daemon on \(path) refused the token (not_allowed): show the one in its --token-file"
        }
    }

    /// What kept `connect` from the socket at `path` when it failed with a missing file or
    /// permission denied: its directory is missing or closed to this user, or the socket itself is.
    /// Nil when neither explains it (a missing socket in a directory that exists: no daemon).
    static func accessProblem(of path: String) -> ClientError? {
        let directory = parentDirectory(of: path)
        var info = stat()
        guard stat(directory, &info) == 0 else {
            return errno == ENOENT ? .missingDirectory(path: path, directory: directory) : nil
        }
        if access(directory, X_OK) != 0 { return .directoryClosed(path: path, directory: directory, owner: info.st_uid) }
        guard stat(path, &info) == 0, access(path, W_OK) != 0 else { return nil }
        return .socketClosed(path: path, owner: info.st_uid)
    }

    /// This error with a connection closed without a reply told apart: a daemon that no longer
    /// answers on the path stopped (or is stopping: it accepts no more), and saying "is this uid
    /// allowed?" would send the user the wrong way. Asked once the connection is gone.
    package func settled() -> ClientError {
        guard case .closedWithoutReply(let path) = self, !TCPConnection.names(path) else { return self }
        switch SocketPath.occupant(of: path) {
        case .liveDaemon: return self
        case .nothing, .staleSocket, .foreignListener, .notASocket: return .daemonStopped(path: path)
        }
    }

    /// How to start a daemon where the client looked: `--socket` named when the path is not the
    /// one `serve` takes by itself, so that the hint starts the daemon this client will find.
    static func serveCommand(_ path: String) -> String {
        if TCPConnection.names(path) { return "entryd serve --listen \(path)" }
        return path == SocketPath.resolve(flag: nil, environment: Environment.current, uid: getuid())
            ? "entryd serve" : "entryd serve --socket \(path)"
    }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
