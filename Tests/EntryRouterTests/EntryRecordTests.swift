import Testing
@testable import EntryRouter

/// `EntryRecord` keeps its fields in a shared box: it must still behave as a plain value.
@Suite struct EntryRecordTests {
    private let original = EntryRecord(
        id: "e-1", source: .push, route: "invitation", params: ["sessionId": "abc"], collapseId: "c",
        kind: "invitation", priority: 2, identity: "abc", received: Instant(milliseconds: 1_000),
        expires: Instant(milliseconds: 2_000), state: .pending, scene: nil)

    /// Each field changed on a copy: the original keeps its value, and the two differ.
    @Test(arguments: 0..<12)
    func changingACopyLeavesTheOriginal(field: Int) {
        let record = original
        var copy = record
        switch field {
        case 0: copy.id = "e-2"
        case 1: copy.source = .deeplink
        case 2: copy.route = "recordDetail"
        case 3: copy.params["sessionId"] = "xyz"
        case 4: copy.collapseId = nil
        case 5: copy.kind = nil
        case 6: copy.priority = 1
        case 7: copy.identity = "xyz"
        case 8: copy.received = Instant(milliseconds: 1_001)
        case 9: copy.expires = nil
        case 10: copy.state = .presented
        default: copy.scene = "main"
        }
        #expect(record == original)
        #expect(copy != record)
        #expect(record.id == "e-1" && record.state == .pending && record.scene == nil)
    }

    @Test func equalValuesAreEqualAndHashAlikeInSeparateBoxes() {
        let twin = EntryRecord(
            id: "e-1", source: .push, route: "invitation", params: ["sessionId": "abc"], collapseId: "c",
            kind: "invitation", priority: 2, identity: "abc", received: Instant(milliseconds: 1_000),
            expires: Instant(milliseconds: 2_000), state: .pending, scene: nil)
        #expect(twin == original)
        #expect(Set([twin, original]).count == 1)
    }
}
