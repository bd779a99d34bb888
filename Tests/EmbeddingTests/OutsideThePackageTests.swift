import Foundation
import Testing

/// The embedding example compiled as an app's module is: by `swiftc` against the built
/// `EntryRouter` module, without this package's name. Inside the package (this test target
/// included) every `package` declaration is visible, so `EmbeddingTests` compiling here says nothing
/// about the public API; compiled from outside, a use of a `package` declaration is an error.
@Suite struct OutsideThePackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theEmbeddingTestsUseOnlyThePublicAPI() throws {
        let directory = Self.root.appendingPathComponent("Tests/EmbeddingTests")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        try #require(files.contains { $0.lastPathComponent == "EmbeddingTests.swift" }, "the embedding tests were not found")
        let result = try Self.typecheck(files, asLibrary: true)
        #expect(result.status == 0, "Tests/EmbeddingTests does not compile outside the package:\n\(result.output)")
    }

    @Test func thePagesExampleUsesOnlyThePublicAPI() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/EMBEDDING.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## A complete example").last?
            .components(separatedBy: "\n## ").first)
        let code = section.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("    ") || $0.isEmpty }.map { $0.dropFirst(4) }.joined(separator: "\n")
        try #require(code.contains("Router("), "the page's example was not found")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let main = directory.appendingPathComponent("main.swift")
        let json = directory.appendingPathComponent("ConfigText.swift")
        try code.write(to: main, atomically: true, encoding: .utf8)
        // The example reads a config's text it does not show.
        try "let json = \"{}\"\n".write(to: json, atomically: true, encoding: .utf8)
        let result = try Self.typecheck([main, json], asLibrary: false)
        #expect(result.status == 0, "docs/EMBEDDING.md's example does not compile outside the package:\n\(result.output)")
    }

    /// The check itself: a `package` declaration used from outside is refused, so a pass above
    /// means the code used none.
    @Test func aPackageDeclarationIsRefusedOutsideThePackage() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("main.swift")
        try "import EntryRouter\nvar result = TurnResult()\nresult.clear()\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.typecheck([file], asLibrary: false)
        #expect(result.status != 0)
        #expect(result.output.contains("TurnResult"), "\(result.output)")
    }

    /// Runs `swiftc -typecheck` on `files` with the modules this test was built with.
    static func typecheck(_ files: [URL], asLibrary: Bool) throws -> (status: Int32, output: String) {
        let modules = try #require(modulesDirectory(), "the built EntryRouter module was not found beside the test binary")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
                             "-I", root.appendingPathComponent("Sources/CMemoryHint").path]
            + (asLibrary ? ["-parse-as-library"] : []) + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `Modules/` of the build directory the test binary is in (`.build/debug` for `swift test`).
    static func modulesDirectory() -> URL? {
        let binaries = [Bundle.main.executableURL] + CommandLine.arguments.map { URL(fileURLWithPath: $0) }
        for binary in binaries.compactMap({ $0 }) {
            var directory = binary.resolvingSymlinksInPath()
            while directory.path != "/" {
                directory.deleteLastPathComponent()
                let modules = directory.appendingPathComponent("Modules")
                if FileManager.default.fileExists(atPath: modules.appendingPathComponent("EntryRouter.swiftmodule").path) {
                    return modules
                }
            }
        }
        return nil
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embedding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
