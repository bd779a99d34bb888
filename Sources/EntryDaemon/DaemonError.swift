import EntryRouter

/// Why `serve` could not start or stopped abnormally; each case has its sysexits code.
public enum DaemonError: Error, Sendable, CustomStringConvertible {
    case socketPathTooLong(String)
    case alreadyServing(String)
    case notASocket(String)
    case loop(UVError)
    case store(StoreError)
    case config(file: String, message: String)

    public var description: String {
        switch self {
        case .socketPathTooLong(let path):
            "socket path is longer than \(UnixAddress.maxPathBytes) bytes (sun_path): \(path); choose a shorter --socket"
        case .alreadyServing(let path):
            "a daemon is already listening on \(path); stop it first or choose another --socket"
        case .notASocket(let path):
            "\(path) exists and is not a socket; it is left alone: remove it or choose another --socket"
        case .loop(let error):
            "\(error)"
        case .store(let error):
            "store \(error)"
        case .config(let file, let message):
            "\(file): \(message)"
        }
    }

    /// sysexits: 64 usage, 69 unavailable, 71 OS error, 73 cannot create, 74 I/O, 78 config.
    public var exitCode: Int32 {
        switch self {
        case .socketPathTooLong: 64
        case .alreadyServing: 69
        case .notASocket: 73
        case .loop: 71
        case .store: 74
        case .config: 78
        }
    }
}
