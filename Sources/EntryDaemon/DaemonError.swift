import EntryHost
import EntryRouter
import Glibc

/// Why `serve` could not start or stopped abnormally; each case has its sysexits code.
package enum DaemonError: Error, Sendable, CustomStringConvertible {
    case socketPathTooLong(String)
    case alreadyServing(String)
    /// Another user's process listens on the path.
    case foreignListener(path: String, uid: uid_t)
    /// The private directory of the default socket is missing and cannot be made, or is not private.
    case socketDirectory(path: String, PrivateDirectory.Problem)
    case notASocket(String)
    case loop(UVError)
    /// The open-file limit (`RLIMIT_NOFILE`), even raised to its hard limit, leaves no room to start.
    case descriptorLimit(limit: Int, needed: Int)
    case store(StoreError)
    case config(file: String, message: String)
    /// The config file cannot be read: 66, as `check` and `check-config` say of it.
    case configUnreadable(file: String, reason: String)
    /// `--listen` with `--store :memory:` and no `--token-file`: the token has no place to live.
    case tokenFileNeeded
    case tokenFile(path: String, TokenFile.Problem)

    package var description: String {
        switch self {
        case .socketPathTooLong(let path):
            "socket path is longer than \(UnixAddress.maxPathBytes) bytes (sun_path): \(path); choose a shorter --socket"
        case .alreadyServing(let path):
            "a daemon is already listening on \(path); stop it first or choose another --socket"
        case .foreignListener(let path, let uid):
            "\(describeUser(uid)), not you, is listening on \(path); entryd does not take its place or talk to it: "
                + "ask them to stop it, or choose another --socket"
        case .socketDirectory(let path, let problem):
            "\(path) holds the default socket and must be a directory of yours that only you can use, but "
                + "\(problem); \(problem.fix(path)) or choose another --socket"
        case .notASocket(let path):
            "\(path) exists and is not a socket; it is left alone: remove it or choose another --socket"
        case .loop(let error):
            "\(error)"
        case .descriptorLimit(let limit, let needed):
            "the open-file limit (RLIMIT_NOFILE) is \(limit) and cannot be raised; serve needs at least \(needed) "
                + "(its own descriptors and one client's): raise it (ulimit -n) and start again"
        case .store(let error):
            "store \(error)"
        case .config(let file, let message):
            "\(file): \(message)"
        case .configUnreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .tokenFileNeeded:
            "--listen with --store :memory: needs --token-file FILE (the token TCP clients show; made 0600 when missing)"
        case .tokenFile(let path, let problem):
            "token file \(path): \(problem) (--token-file)"
        }
    }

    /// sysexits: 64 usage, 66 no input, 69 unavailable, 71 OS error, 73 cannot create, 74 I/O,
    /// 77 permission, 78 config. `entryd --help` lists each (`Commands.exitCodes`).
    package var exitCode: Int32 {
        switch self {
        case .socketPathTooLong: 64
        case .alreadyServing, .foreignListener: 69
        case .socketDirectory(_, .cannotCreate): 73
        case .socketDirectory: 77
        case .notASocket: 73
        case .loop, .descriptorLimit: 71
        case .store: 74
        case .config: 78
        case .configUnreadable: 66
        case .tokenFileNeeded: 64
        case .tokenFile(_, .ownedBy), .tokenFile(_, .openTo): 77
        case .tokenFile(_, .cannotCreate): 73
        case .tokenFile: 66
        }
    }
}
