import EntrySystem
import Glibc

/// Where the daemon listens (docs/PROTOCOL.md) and what the path holds before it starts.
package enum SocketPath {
    /// `--socket`, else `$ENTRYD_SOCKET`, else `$XDG_RUNTIME_DIR/entryd.sock`, else
    /// `/tmp/entryd-<uid>/entryd.sock` (see `fallbackDirectory`).
    package static func resolve(flag: String?, environment: [String: String], uid: uid_t) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["ENTRYD_SOCKET"], !path.isEmpty { return path }
        if let dir = environment["XDG_RUNTIME_DIR"], !dir.isEmpty {
            return dir.hasSuffix("/") ? dir + "entryd.sock" : dir + "/entryd.sock"
        }
        return fallbackDirectory(uid: uid) + "/entryd.sock"
    }

    /// The directory of the last default, private to `uid`: `/tmp` is shared, and a socket directly
    /// in it could be bound first by another user, whose listener would then get every request.
    /// `serve` creates it with mode 0700 and refuses it unless it is `uid`'s and closed to others.
    package static func fallbackDirectory(uid: uid_t) -> String {
        "/tmp/entryd-\(uid)"
    }

    /// The private directory `path` lies in when it is a default path: `uid`'s fallback, or
    /// `$XDG_RUNTIME_DIR/entryd.sock`; `serve` must claim it before it binds (PrivateDirectory).
    /// The runtime directory is private by the XDG rules, but nothing makes it so: a variable naming a
    /// directory others may enter is refused like an open `/tmp/entryd-<uid>`. Nil for a path the
    /// user chose (`--socket`, `ENTRYD_SOCKET`).
    package static func privateDirectory(holding path: String, environment: [String: String], uid: uid_t) -> String? {
        let directory = fallbackDirectory(uid: uid)
        if path == directory + "/entryd.sock" { return directory }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
              path == resolve(flag: nil, environment: ["XDG_RUNTIME_DIR": runtime], uid: uid) else { return nil }
        // Without its trailing slashes, so that a link is looked at and not followed.
        var trimmed = Substring(runtime)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// Whether the path fits `sun_path`; libuv 1.44 would silently bind a truncated path instead.
    package static func fits(_ path: String) -> Bool {
        UnixAddress(path: path) != nil && !path.hasPrefix("@")
    }

    /// What a path holds before `serve` binds it.
    package enum Occupant: Sendable, Hashable {
        case nothing
        /// A socket file nobody answers on (left by a crash): safe to replace.
        case staleSocket
        /// A daemon answers: leave it alone.
        case liveDaemon
        /// A process of another user (neither this one nor root) listens: leave it alone, and say whose.
        case foreignListener(uid_t)
        /// A file that is not a socket: never removed.
        case notASocket
    }

    /// Looks at the path and, for a socket, tries to connect.
    package static func occupant(of path: String) -> Occupant {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return .notASocket }
        guard let connection = try? StreamSocket(unixPath: path), let owner = connection.peerUID else { return .staleSocket }
        return owner == getuid() || owner == 0 ? .liveDaemon : .foreignListener(owner)
    }

    /// The file's device and inode, so that shutdown removes the socket this daemon bound and never
    /// one a newer daemon put in its place.
    static func identity(of path: String) -> FileIdentity? {
        FileIdentity(path: path, followingLinks: false)
    }
}
