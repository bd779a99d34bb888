import EntrySystem
import Glibc

/// Reads and writes whole files for the commands (configs, scenarios, payloads, token files, logs,
/// reports). A path is read by the package's one regular-file reader, as the daemon reads its own
/// files: a FIFO or a device named by mistake is refused by name instead of hanging the command.
package enum FileBytes {
    /// The bytes of the file at `path` (at most `limit` of them), or of standard input for `-`,
    /// which is read to its end whatever it is.
    package static func read(_ path: String, limit: Int = RegularFile.configLimit) -> Result<[UInt8], RegularFile.Problem> {
        guard path == "-" else { return RegularFile.read(path, limit: limit) }
        guard let file = fdopen(dup(0), "rb") else { return .failure(.cannotRead(code: errno)) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return ferror(file) == 0 ? .success(bytes) : .failure(.cannotRead(code: errno))
    }

    /// Whether `write(_:to:)` can write `path`, found without changing it: a file that is there is
    /// opened for writing (not truncated), a missing one is made and removed again; errno tells why
    /// not. For a command that writes its report at the end, to refuse a path before it runs.
    package static func canWrite(_ path: String) -> Bool {
        let existing = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if existing >= 0 {
            close(existing)
            return true
        }
        guard errno == ENOENT else { return false }
        let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard made >= 0 else { return false }
        close(made)
        unlink(path)
        return true
    }

    /// Writes `bytes` as the whole file at `path`, creating or truncating it; false when it cannot.
    package static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        let written = fwrite(bytes, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }
}
