import EntryClient
import EntryRouter
import Foundation
import Testing

/// An app that imports the engine and the client names every type without qualifying it: no type
/// is declared public in both. Where the client needs another shape for an app it has another name
/// (docs/EMBEDDING.md and docs/TESTING.md say which is which); where the shape is the same, the
/// client names the engine's type (a typealias, which is one type, not a second).
@Suite struct OneNamePerConceptTests {
    /// Compiles only while each name below means one type with both modules imported.
    @Test func namesThatWereAmbiguousMeanOneTypeEach() {
        let state: EntryState = .done
        let reported: ReportedState = .done
        let target: RetractTarget = .collapseId("news")
        let asked = StatusPage(limit: 5)
        let change: SceneChange = .ready
        let value: JSONValue = .string("x")
        #expect(reported.rawValue == state.rawValue)
        #expect(EntryRequest.retract(target) == .retract(.collapseId("news")))
        #expect(asked.limit == 5 && change.rawValue == "ready" && value == .string("x"))
        let _: (DaemonStatus) -> [DaemonStatus.Scene] = { $0.scenes }
        let _: (SceneReport) -> SceneReport.What = { $0.what }
    }

    /// Read from the sources, so that a new public type of the same name in both is caught here, by
    /// name, before an app meets the ambiguity.
    @Test func noPublicTypeIsDeclaredInBothModules() throws {
        let engine = try publicTypes(of: "EntryRouter")
        let client = try publicTypes(of: "EntryClient")
        #expect(engine.count > 20 && client.count > 10, "the scan found too few declarations to mean anything")
        let both = engine.intersection(client).sorted()
        #expect(both.isEmpty, "declared public in EntryRouter and in EntryClient: \(both.joined(separator: ", "))")
    }

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The top-level public types of `module`: a nested type is named through its parent and cannot clash.
    private func publicTypes(of module: String) throws -> Set<String> {
        let directory = root.appendingPathComponent("Sources").appendingPathComponent(module)
        let pattern = try NSRegularExpression(pattern: #"^public\s+(?:final\s+)?(?:struct|enum|class|protocol|actor)\s+(\w+)"#,
                                              options: .anchorsMatchLines)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }
}
