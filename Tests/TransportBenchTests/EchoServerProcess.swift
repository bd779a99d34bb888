import Foundation

/// A `CEchoServer` child process on a fresh socket path, for driving the load generator in tests.
///
/// The binary is found next to the running test bundle, since `swift build` puts every product of
/// the package in the same directory; a missing binary is reported, not skipped.
final class EchoServerProcess {
    let socketPath: String
    private let process = Process()

    init(reply: String = "line") throws {
        let binDir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = binDir.appendingPathComponent("CEchoServer")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw EchoServerError.notBuilt(binary.path)
        }
        socketPath = "/tmp/entryd-lg-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        let stderr = Pipe()
        process.executableURL = binary
        process.arguments = ["--reply", reply, socketPath]
        process.standardError = stderr
        try process.run()
        // The server announces itself once it listens: wait for that line instead of polling the path.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("listening") {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { throw EchoServerError.exited(String(decoding: said, as: UTF8.self)) }
            said.append(chunk)
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}

enum EchoServerError: Error, CustomStringConvertible {
    case notBuilt(String)
    case exited(String)

    var description: String {
        switch self {
        case .notBuilt(let path): "CEchoServer is not at \(path): run `swift build` first"
        case .exited(let output): "CEchoServer exited before listening: \(output)"
        }
    }
}
