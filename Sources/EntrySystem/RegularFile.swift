#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the package reads a file it is given to use: the daemon's config, the files the
/// config links and its token file, a client's payload file, a test daemon's config and log.
///
/// Only a regular file is read, and not past a limit: opening a FIFO would hang the reader until
/// some process writes to it, and reading a device such as `/dev/zero` would never end. The file
/// is opened without blocking, so that a FIFO is refused at once rather than waited on, and
/// close-on-exec, so that a process started meanwhile does not inherit it.
package enum RegularFile {
    /// A config's size limit, and that of each file it links (AASA, assetlinks, AndroidManifest.xml):
    /// far above what any is in practice (Apple serves at most 128 KB of AASA), low enough that a
    /// wrong path costs nothing.
    package static let configLimit = 4 << 20
    package static let linkedLimit = 1 << 20

    /// Why the file was not read; `description` says it as the end of "cannot read FILE: …".
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Opening, inspecting or reading it failed with this `errno`.
        case cannotRead(code: Int32)
        /// It is a FIFO, a device, a directory, a socket: `kind` names which.
        case notRegular(kind: String)
        case tooLarge(bytes: Int64, limit: Int)

        package var description: String {
            switch self {
            case .cannotRead(let code): String(cString: strerror(code))
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit): "it has \(bytes) bytes, over the limit of \(limit)"
            }
        }
    }

    /// A file's bytes with who owns it and its permission bits, as `fstat` found them on the
    /// descriptor read: for a caller that trusts a file only when it is closed to others.
    package struct Contents: Sendable, Hashable {
        package var bytes: [UInt8]
        package var owner: UInt32
        /// The mode's permission bits (`0o777` and the set-id and sticky bits).
        package var permissions: UInt32
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        contents(of: path, limit: limit).map(\.bytes)
    }

    /// The regular file at `path` with its owner and permissions; `followingLinks: false` refuses
    /// a symbolic link (`O_NOFOLLOW`) instead of reading what it points to.
    package static func contents(of path: String, limit: Int, followingLinks: Bool = true) -> Result<Contents, Problem> {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { return .failure(.cannotRead(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.cannotRead(code: errno)) }
        if let problem = problem(with: info, limit: limit) { return .failure(problem) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = readChunk(descriptor, into: &chunk)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(.cannotRead(code: errno)) }
            if n == 0 {
                return .success(Contents(bytes: bytes, owner: UInt32(info.st_uid), permissions: UInt32(info.st_mode) & 0o7777))
            }
            bytes += chunk[..<n]
            // A file that grows while it is read is held to the limit too.
            if bytes.count > limit { return .failure(.tooLarge(bytes: Int64(bytes.count), limit: limit)) }
        }
    }

    /// Why a file with this `stat` is not one to read; nil when it is. For a caller that looks at a
    /// path before it gives it to another process.
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

/// One `read(2)` into `chunk`: outside `RegularFile`, whose own `read` would hide the C library's.
private func readChunk(_ descriptor: Int32, into chunk: inout [UInt8]) -> Int {
    chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
}
