import Glibc

/// The directory that holds the default socket (under `/tmp`, where every user may create files, or
/// `$XDG_RUNTIME_DIR`): it is the daemon's user's own, and nobody else may enter it, so nobody else
/// can bind the socket first or put one of theirs in its place (as tmux keeps `/tmp/tmux-<uid>/`).
package enum PrivateDirectory {
    /// Why a directory cannot hold the socket.
    package enum Problem: Sendable, Hashable, CustomStringConvertible {
        case cannotCreate(reason: String)
        /// A symbolic link, a file: anything but a directory.
        case notADirectory
        case ownedBy(uid_t)
        /// Group or others may use it (its permission bits).
        case openTo(mode: mode_t)

        package var description: String {
            switch self {
            case .cannotCreate(let reason): "it cannot be created (\(reason))"
            case .notADirectory: "it is not a directory (a symbolic link or a file)"
            case .ownedBy(let uid): "it belongs to \(describeUser(uid))"
            case .openTo(let mode): "its mode is 0\(String(mode & 0o777, radix: 8)): group or others may use it"
            }
        }

        /// What the user can do about it, for `path`.
        func fix(_ path: String) -> String {
            switch self {
            case .cannotCreate: "make its parent directory writable"
            case .notADirectory, .ownedBy: "remove \(path)"
            case .openTo: "run chmod 700 \(path)"
            }
        }
    }

    /// Creates `path` with mode 0700 if it is missing, then checks that it is a directory (not a link
    /// to one) of `uid` that no one else may use; nil when it is fit.
    static func claim(_ path: String, uid: uid_t) -> Problem? {
        if mkdir(path, 0o700) == 0 {
            // The umask could have taken the owner's bits too: a directory made here is exactly 0700.
            chmod(path, 0o700)
        } else if errno != EEXIST {
            return .cannotCreate(reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return .cannotCreate(reason: String(cString: strerror(errno))) }
        return problem(mode: info.st_mode, owner: info.st_uid, uid: uid)
    }

    /// What is wrong with a directory entry of this mode and owner for `uid`, if anything.
    static func problem(mode: mode_t, owner: uid_t, uid: uid_t) -> Problem? {
        guard mode & S_IFMT == S_IFDIR else { return .notADirectory }
        guard owner == uid else { return .ownedBy(owner) }
        guard mode & 0o077 == 0 else { return .openTo(mode: mode) }
        return nil
    }
}
