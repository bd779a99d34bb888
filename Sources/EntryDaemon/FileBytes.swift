import Glibc

/// Reads and writes whole files for the commands (configs, scenarios, payloads, logs, reports);
/// errno tells why on nil or false.
package enum FileBytes {
    /// The file's bytes (standard input's for `-`), or nil when it cannot be opened or read.
    package static func read(_ path: String) -> [UInt8]? {
        guard let file = path == "-" ? fdopen(dup(0), "rb") : fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return ferror(file) == 0 ? bytes : nil
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
