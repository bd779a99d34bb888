import Foundation
import Testing

/// The client and the test support are what an app links: neither may reach libuv, SQLite or the
/// daemon, in Package.swift or in an import.
@Suite struct ClientDependencyTests {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["EntryClient", "EntryTesting"])
    func dependsOnNeitherLibuvNorSQLiteNorTheDaemon(target: String) throws {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(package.firstMatch(of: try Regex(#"\.target\(name: ""# + target + #"", dependencies: \[([^\]]*)\]"#)))
        let dependencies = String(declaration.output[1].substring ?? "")
        for forbidden in ["CUV", "CSQLite", "EntryDaemon", "EntryCLI"] {
            #expect(!dependencies.contains("\"\(forbidden)\""), "\(target) depends on \(forbidden)")
        }
        let sources = root.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in ["CUV", "CSQLite", "EntryDaemon", "EntryCLI", "Foundation"] {
                #expect(!text.contains("import \(forbidden)\n"), "\(file.lastPathComponent) imports \(forbidden)")
            }
        }
    }
}
