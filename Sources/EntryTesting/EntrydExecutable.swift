#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `entryd` binary a test starts: `$ENTRYD_EXECUTABLE`, else the one built beside the
/// test bundle, else the first on `$PATH`. Beside the bundle is `.build/debug` for `swift build`,
/// and for Xcode the products directory holding `X.xctest` (`…/Build/Products/Debug`), where a
/// command-line product of the same scheme is built; an iOS bundle's products directory
/// (`Debug-iphonesimulator`, `Debug-iphoneos`) is a sibling of that one, which is looked in too.
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

    /// The directories holding the test bundle (or the app hosting it), or the running executable
    /// when no path names a bundle, found from the running executable (Linux), the image this code
    /// is linked into (Darwin: `X.xctest/Contents/MacOS/X`, where the process is Xcode's `xctest`
    /// runner or a host app) and the command line (the bundle as SwiftPM's runners are given it).
    private static func buildDirectories() -> [String] {
        var candidates: [String] = []
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { candidates.append(String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        #elseif canImport(Darwin)
        var image = Dl_info()
        if dladdr(#dsohandle, &image) != 0, let name = image.dli_fname { candidates.append(String(cString: name)) }
        #endif
        candidates += CommandLine.arguments.filter { $0.hasSuffix(".xctest") || $0.contains(".xctest/") }
        candidates += CommandLine.arguments.prefix(1)
        return candidates.flatMap { path -> [String] in
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let end = parts.firstIndex { $0.hasSuffix(".xctest") || $0.hasSuffix(".app") } ?? parts.count - 1
            let directory = parts[..<end].joined(separator: "/")
            for platform in ["-iphonesimulator", "-iphoneos"] where directory.hasSuffix(platform) {
                return [directory, String(directory.dropLast(platform.count))]
            }
            return [directory]
        }
    }
}
