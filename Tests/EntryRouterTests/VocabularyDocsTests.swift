import Foundation
@testable import EntryRouter
import Testing

/// docs/PROTOCOL.md's tables of ops follow the engine's vocabulary (`OpName` and the fields each
/// defines): an op added to the engine without its row, a field without its mention in that row,
/// or a row for an op that does not exist fails here, by name.
@Suite struct VocabularyDocsTests {
    /// The rows of the protocol's op tables, by op: `| \`op\` | fields | example |`.
    static func rows() throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 4, cells[3].contains("\"op\":") else { continue }
            let name = cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = String(cells[2])
        }
        return rows
    }

    @Test func everyOpHasItsRowWithEveryField() throws {
        let rows = try Self.rows()
        for op in OpName.allCases {
            guard let row = rows[op.rawValue] else {
                Issue.record("docs/PROTOCOL.md has no row for op `\(op.rawValue)`: add it to the sender or scene op table")
                continue
            }
            for field in RequestFields.Field.allCases where op.fields.contains(RequestFields.FieldSet(field)) {
                #expect(row.contains("`\(field.rawValue)`"), "the row of `\(op.rawValue)` does not name its field `\(field.rawValue)`")
            }
        }
    }

    @Test func everyRowIsAnOp() throws {
        let names = Set(OpName.allCases.map(\.rawValue))
        let rows = try Self.rows()
        #expect(rows.count >= names.count)
        for name in rows.keys.sorted() {
            #expect(names.contains(name), "docs/PROTOCOL.md has a row for `\(name)`, which is no op")
        }
    }
}
