import Foundation
import Testing

/// docs/ARCHITECTURE.md is the map a newcomer reads first: every module Package.swift declares (test
/// targets aside) must be on it, named in backquotes, so that no module arrives without its place.
@Suite struct ModuleMapTests {
    @Test func theArchitecturePageNamesEveryModule() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let modules = package.matches(of: /\.(?:target|executableTarget|systemLibrary)\(\s*name: "([^"]+)"/)
            .map { String($0.output.1) }
        #expect(modules.count >= 15, "the targets of Package.swift were not found")
        #expect(modules.filter { !page.contains("`\($0)`") } == [], "docs/ARCHITECTURE.md does not name these modules")
    }
}
