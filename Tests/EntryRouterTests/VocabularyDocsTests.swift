import Foundation
@testable import EntryRouter
import Testing

/// docs/PROTOCOL.md's tables of ops and events follow the engine's vocabulary (`OpName` and the
/// fields each defines, `EventName` and its members, `SceneChange`): an op or an event added to the
/// engine without its row, a field or member without its mention in that row, or a row for an op or
/// event that does not exist fails here, by name.
@Suite struct VocabularyDocsTests {
    /// The rows of the protocol's op tables, by op: `| \`op\` | fields | example |`.
    static func rows() throws -> [String: String] {
        try rows(exampleKey: "op")
    }

    /// The rows of the tables whose example is a line with `key` (`op` or `event`), by their name:
    /// an op's row is its fields' cell, an event's the text and the example, which show its members.
    static func rows(exampleKey key: String) throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 4, cells[3].contains("\"\(key)\":") else { continue }
            let name = cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = key == "op" ? String(cells[2]) : String(cells[2] + "|" + cells[3])
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

    @Test func everyEventHasItsRowWithEveryMember() throws {
        let rows = try Self.rows(exampleKey: "event")
        for name in EventName.allCases {
            guard let row = rows[name.rawValue] else {
                Issue.record("docs/PROTOCOL.md has no row for event `\(name.rawValue)`: add it to the scene or watcher event table")
                continue
            }
            for member in name.members {
                #expect(row.contains("`\(member.rawValue)`") || row.contains("\"\(member.rawValue)\":"),
                        "the row of event `\(name.rawValue)` does not name its member `\(member.rawValue)`")
            }
        }
        #expect(Set(rows.keys) == Set(EventName.allCases.map(\.rawValue)), "docs/PROTOCOL.md has event rows \(rows.keys.sorted())")
    }

    @Test func theSceneEventsRowNamesEveryChange() throws {
        let row = try #require(try Self.rows(exampleKey: "event")[EventName.scene.rawValue])
        for change in SceneChange.allCases {
            #expect(row.contains("`\(change.rawValue)`"), "the row of event `scene` does not name the change `\(change.rawValue)`")
        }
    }

    @Test func theEntryEventsRowNamesEveryState() throws {
        let row = try #require(try Self.rows(exampleKey: "event")[EventName.entry.rawValue])
        for state in EntryState.allCases {
            #expect(row.contains("`\(state.rawValue)`"), "the row of event `entry` does not name the state `\(state.rawValue)`")
        }
    }
}
