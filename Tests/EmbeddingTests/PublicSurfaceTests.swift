import Foundation
import Testing

/// EntryRouter's public types are the ones docs/EMBEDDING.md lists: a type made public, or hidden,
/// without the page saying so fails here. (A `package` declaration is visible to every module of
/// this package, tests included, so compiling EmbeddingTests here cannot tell the two apart;
/// `OutsideThePackageTests` compiles them as an app would.)
@Suite struct PublicSurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func thePublicTypesAreTheOnesThePageLists() throws {
        var declared: Set<String> = []
        let sources = Self.root.appendingPathComponent("Sources/EntryRouter")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 50, "EntryRouter's sources were not found")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /(?m)^\s*public (?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/) {
                declared.insert(String(match.output.1))
            }
        }
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/EMBEDDING.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## The public surface").last)
        let listed = Set(section.split(separator: "\n").filter { $0.hasPrefix("    ") }
            .flatMap { $0.split(separator: " ").map(String.init) })
        #expect(declared.subtracting(listed).sorted() == [], "public in EntryRouter, not listed in docs/EMBEDDING.md")
        #expect(listed.subtracting(declared).sorted() == [], "listed in docs/EMBEDDING.md, not public in EntryRouter")
    }
}
