#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small file whole, without Foundation: a payload file here, a daemon's log in EntryTesting.
package enum FileReading {
    /// Close-on-exec ("e") where the C library takes it, so that a daemon a test starts meanwhile
    /// does not inherit the file; Darwin's spawn closes it instead (`POSIX_SPAWN_CLOEXEC_DEFAULT`).
    #if canImport(Darwin)
    private static let mode = "rb"
    #else
    private static let mode = "rbe"
    #endif

    package static func bytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, mode) else { return nil }
        defer { fclose(file) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { result.append(contentsOf: chunk[..<n]) }
            if n < chunk.count { return ferror(file) == 0 ? result : nil }
        }
    }
}
