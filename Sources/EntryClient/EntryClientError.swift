/// Why a request did not get an answer, or got a refusal: each case carries what a user needs to
/// fix it (the path, the daemon's code and message).
public enum EntryClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The socket path does not fit `sun_path` on this platform (103 bytes on Apple platforms,
    /// where a simulator app connects, 107 on Linux).
    case socketPathTooLong(path: String, bytes: Int, limit: Int)
    /// Nothing listens at the path, or the listener is gone (the daemon is not running).
    case noDaemon(path: String, reason: String)
    /// The process serving the socket runs as another user: nothing is sent to it.
    case foreignServer(path: String, uid: UInt32)
    /// A system call failed.
    case io(path: String, operation: String, reason: String)
    /// The daemon closed the connection before answering.
    case disconnected(path: String)
    /// This client closed the connection (`close()`, or its driver's `stop()`) before the request:
    /// nothing was sent.
    case closed(path: String)
    /// The task waiting for the daemon's answer was cancelled: the caller gave up on it, and the
    /// answer, if it comes, is dropped.
    case cancelled(path: String, operation: String)
    /// `connect()` on a scene driver that was stopped: a stopped driver stays stopped, so that a
    /// late connect cannot revive a scene the app has let go.
    case stopped(scene: String)
    /// The daemon refused the request.
    case daemon(DaemonError)
    /// A line from the daemon this client cannot read.
    case badReply(line: String, reason: String)
    /// A file the request was to carry cannot be used (an `.apns` file that is not a JSON object).
    case badFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .socketPathTooLong(let path, let bytes, let limit):
            "the socket path \(path) is \(bytes) bytes; a Unix socket path may have at most \(limit) here "
                + "(103 on Apple platforms, 107 on Linux): use a shorter one, e.g. under /tmp"
        case .noDaemon(let path, let reason): "no daemon answers at \(path) (\(reason)); start one with `entryd serve --socket \(path)`"
        case .foreignServer(let path, let uid): "the socket \(path) is served by uid \(uid), not by you or root"
        case .io(let path, let operation, let reason): "\(path): \(operation) failed: \(reason)"
        case .disconnected(let path): "the daemon at \(path) closed the connection before answering"
        case .closed(let path): "the connection to \(path) was closed by this client; open a new one to send more"
        case .cancelled(let path, let operation): "the request \(operation) to \(path) was cancelled before the daemon answered; send it again if it is still wanted"
        case .stopped(let scene): "the scene driver for \"\(scene)\" was stopped and does not connect again; make a new SceneDriver to connect the scene"
        case .daemon(let error): error.description
        case .badReply(let line, let reason): "cannot read the daemon's line \(line): \(reason)"
        case .badFile(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// A refusal from the daemon: its `error.code` and `error.message` (docs/PROTOCOL.md, Error codes).
public struct DaemonError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// The daemon's error code. A struct rather than an enum so that a code a newer daemon adds is
    /// still read, and compared by its text.
    public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        public static let badJSON: Code = "bad_json"
        public static let badRequest: Code = "bad_request"
        public static let unknownOp: Code = "unknown_op"
        public static let payloadTooLarge: Code = "payload_too_large"
        public static let noRoute: Code = "no_route"
        public static let notAllowed: Code = "not_allowed"
        public static let wrongBundle: Code = "wrong_bundle"
        public static let expired: Code = "expired"
        public static let unknownScene: Code = "unknown_scene"
        public static let notAScene: Code = "not_a_scene"
        public static let inboxFull: Code = "inbox_full"
        public static let shuttingDown: Code = "shutting_down"
    }
}
