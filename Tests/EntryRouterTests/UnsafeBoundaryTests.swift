import Foundation
import Testing

/// Raw memory belongs to EntryKit, behind its own tests; the engine's domain code is plain Swift and
/// reads and writes memory only through EntryKit's views. No file of EntryRouter spells `Unsafe`,
/// comments included: one that does fails this test, and its pointer code belongs in EntryKit.
@Suite struct UnsafeBoundaryTests {
    @Test func noFileOfTheEngineSpellsUnsafe() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/EntryRouter")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the engine's sources were not found under \(root.path)")
        let spelling = try files.filter { file in
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            return text.range(of: "unsafe", options: .caseInsensitive) != nil
        }
        #expect(spelling.sorted() == [], "move this code into EntryKit")
    }
}
