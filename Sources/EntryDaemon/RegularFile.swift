import Glibc

/// Reads a file the daemon is given to use (its config, the files the config links, the token file)
/// only when it is a regular file, and not past `limit` bytes: opening a FIFO would hang the start
/// until some process writes to it, and reading a device such as `/dev/zero` would never end.
/// Opened without blocking, so that a FIFO is refused at once rather than waited on.
package enum RegularFile {
    /// A config's size limit, and that of each file it links (AASA, assetlinks, AndroidManifest.xml): far above what
    /// any is in practice (Apple serves at most 128 KB of AASA), low enough that a wrong path
    /// costs nothing.
    package static let configLimit = 4 << 20
    package static let linkedLimit = 1 << 20

    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case cannotRead(reason: String)
        case notRegular(kind: String)
        case tooLarge(bytes: Int64, limit: Int)

        package var description: String {
            switch self {
            case .cannotRead(let reason): reason
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit): "it has \(bytes) bytes, over the limit of \(limit)"
            }
        }
    }

    package static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.cannotRead(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.cannotRead(reason: String(cString: strerror(errno)))) }
        if let problem = problem(with: info, limit: limit) { return .failure(problem) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = Glibc.read(descriptor, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(.cannotRead(reason: String(cString: strerror(errno)))) }
            if n == 0 { return .success(bytes) }
            bytes += chunk[..<n]
            // A file that grows while it is read is held to the limit too.
            if bytes.count > limit { return .failure(.tooLarge(bytes: Int64(bytes.count), limit: limit)) }
        }
    }

    /// Why a file with this `fstat` is not one the daemon uses; nil when it is.
    package static func problem(with info: stat, limit: Int) -> Problem? {
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return .notRegular(kind: describe(kind)) }
        guard info.st_size <= limit else { return .tooLarge(bytes: Int64(info.st_size), limit: limit) }
        return nil
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }
}
