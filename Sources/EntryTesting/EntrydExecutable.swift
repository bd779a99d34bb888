#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `entryd` binary a test starts: `$ENTRYD_EXECUTABLE`, else the one built beside the
/// test bundle (`swift build` puts both in `.build/debug`), else the first on `$PATH`.
enum EntrydExecutable {
    static func find() -> String? {
        if let given = getenv("ENTRYD_EXECUTABLE").map({ String(cString: $0) }), !given.isEmpty { return given }
        for directory in buildDirectories() where access(directory + "/entryd", X_OK) == 0 {
            return directory + "/entryd"
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for directory in path.split(separator: ":") where access(directory + "/entryd", X_OK) == 0 {
            return directory + "/entryd"
        }
        return nil
    }

    /// The directory of the running executable (Linux) and of an `.xctest` bundle named on the
    /// command line (Xcode's and SwiftPM's `xctest` runner on macOS).
    private static func buildDirectories() -> [String] {
        var candidates: [String] = []
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { candidates.append(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        #endif
        candidates += CommandLine.arguments.filter { $0.hasSuffix(".xctest") || $0.contains(".xctest/") }
        candidates += CommandLine.arguments.prefix(1)
        return candidates.map { path in
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let end = parts.firstIndex { $0.hasSuffix(".xctest") } ?? parts.count - 1
            return parts[..<end].joined(separator: "/")
        }
    }
}
