import Glibc

/// Why talking to the daemon failed; each case says what the user can do about it.
public enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing accepts connections at the path (no file, or a stale one).
    case noDaemon(path: String, reason: String)
    case pathTooLong(String)
    /// The daemon closed the connection before it answered.
    case closedWithoutReply(path: String)
    case timedOut(path: String)
    /// The process listening on the path belongs to another user (neither this one nor root): what
    /// would be sent could be read by it, and its replies could be forged.
    case foreignServer(path: String, uid: uid_t)
    case io(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .noDaemon(let path, let reason):
            "no daemon is listening on \(path) (\(reason)); start one with: entryd serve"
        case .pathTooLong(let path):
            "socket path is longer than \(UnixAddress.maxPathBytes) bytes: \(path)"
        case .closedWithoutReply(let path):
            "the daemon on \(path) closed the connection without a reply (is this uid allowed? see serve --allow-uid)"
        case .timedOut(let path):
            "the daemon on \(path) did not answer in time"
        case .foreignServer(let path, let uid):
            "the socket \(path) is served by \(describeUser(uid)), not by you or root; nothing was sent to it: "
                + "stop that process, or choose another --socket"
        case .io(let path, let operation, let reason):
            "\(operation) on \(path) failed: \(reason)"
        }
    }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
