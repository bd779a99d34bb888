import Testing
@testable import EntryRouter

/// `Entry.takeRecord` moves a dropped entry's fields into its record: it must build the very record
/// `Entry.record` copies out of a live one, whatever the entry holds.
@Suite struct EntryTakeRecordTests {
    private static let modal = CompiledRoute(name: "notice", target: .modal(kind: "serviceNotice", priority: 4),
                                          requires: ["loggedIn"], actions: [:], kindSlot: 0)
    private static let show = CompiledRoute(name: "recordDetail", target: .show(tab: "records"), requires: [],
                                         actions: [:], kindSlot: nil)

    private static func entry(shape: CompiledRoute, optionals: Bool) -> Entry {
        Entry(id: "c-17", params: ["noticeId": "n-1", "x": "a longer value than fits inline"], shape: shape,
              collapseId: optionals ? "conn-3" : nil, identity: optionals ? "n-1" : nil,
              scene: optionals ? "main" : nil, received: Instant(milliseconds: 5_000), seq: 9,
              expires: optionals ? Instant(milliseconds: 9_000) : nil, source: .push, state: .replaced)
    }

    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func takenRecordIsTheCopiedOne(modal: Bool, optionals: Bool) {
        let entry = Self.entry(shape: modal ? Self.modal : Self.show, optionals: optionals)
        let copied = entry.record
        let taken = entry.takeRecord()
        #expect(taken == copied)
        #expect(taken.kind == (modal ? "serviceNotice" : nil))
        #expect(taken.priority == (modal ? 4 : nil))
        #expect(taken.scene == (optionals ? "main" : nil))
        #expect(taken.params["x"] == "a longer value than fits inline")
    }

    /// The entry a record was taken from is a copy the caller may still hold: it is left as it was.
    @Test func aHeldCopyKeepsItsFields() {
        let entry = Self.entry(shape: Self.modal, optionals: true)
        let held = entry
        _ = entry.takeRecord()
        #expect(held.id == "c-17" && held.collapseId == "conn-3" && held.params["noticeId"] == "n-1")
    }
}
