@testable import EntryRouter
import SeededRandom
import Testing
import EntryKit

/// Latest wins in place: when a new entry replaces the newest waiting entry alone, it takes that
/// entry's slot (`replaceableSlot`, `vacate`, `refill`) and the inbox must read as if the old entry
/// had been removed and the new one added.
struct InboxReplaceInPlaceTests {
    static let show = InboxTests.show
    static let modal = InboxTests.modal
    static let otherModal = CompiledRoute(name: "invite", target: .modal(kind: "invitation", priority: 2), requires: [],
                                       actions: [:], kindSlot: 1)

    func entry(_ id: String, seq: UInt64, shape: CompiledRoute = show, collapseId: String? = nil) -> Entry {
        InboxTests().entry(id, seq: seq, shape: shape, collapseId: collapseId)
    }

    static func tags(of entry: Entry) -> Inbox.Tags {
        Inbox.Tags(id: SlotIndex.tag(of: entry.id), collapseId: Inbox.Tags.tag(of: entry.collapseId))
    }

    static func slot(_ inbox: Inbox, for entry: Entry) -> Int32? {
        inbox.replaceableSlot(for: entry, collapseIdTag: tags(of: entry).collapseId)
    }

    /// Replaces in place; returns the id of the entry taken out.
    static func replace(_ inbox: inout Inbox, at slot: Int32, with entry: Entry) -> String? {
        let gone = inbox.vacate(slot)
        inbox.refill(slot, with: entry, tags: tags(of: entry))
        return gone?.id
    }

    @Test func anEmptyInboxHasNoSlotToReplace() {
        #expect(Self.slot(Inbox(), for: entry("a", seq: 1, shape: Self.modal, collapseId: "x")) == nil)
    }

    @Test func theNewestEntryAloneOfItsKindIsReplacedInPlace() {
        var inbox = Inbox()
        inbox.add(entry("s", seq: 1, collapseId: "y"))
        inbox.add(entry("m1", seq: 2, shape: Self.modal, collapseId: "a"))
        let new = entry("m2", seq: 3, shape: Self.modal, collapseId: "b")
        let slot = Self.slot(inbox, for: new)
        #expect(slot == 1)
        #expect(Self.replace(&inbox, at: 1, with: new) == "m1")
        #expect(inbox.count == 2 && inbox.entries { _ in true }.map(\.id) == ["s", "m2"])
        #expect(inbox.entry(id: "m1") == nil && inbox.entry(id: "m2")?.seq == 3)
        #expect(inbox.contains(seq: 3) && !inbox.contains(seq: 2))
        // The indexes moved with it: the old collapseId finds nothing, the new one and the kind find m2.
        #expect(InboxTests.removeSharing(&inbox, with: entry("x", seq: 4, collapseId: "a")).isEmpty)
        #expect(InboxTests.removeSharing(&inbox, with: entry("x", seq: 4, collapseId: "b")).map(\.id) == ["m2"])
        inbox.add(entry("m3", seq: 5, shape: Self.modal))
        #expect(InboxTests.removeSharing(&inbox, with: entry("x", seq: 6, shape: Self.modal)).map(\.id) == ["m3"])
        #expect(inbox.entries { _ in true }.map(\.id) == ["s"])
    }

    @Test func theSameCollapseIdKeepsItsWord() {
        var inbox = Inbox()
        inbox.add(entry("m1", seq: 1, shape: Self.modal, collapseId: "a"))
        let new = entry("m2", seq: 2, shape: Self.modal, collapseId: "a")
        #expect(Self.slot(inbox, for: new) == 0)
        #expect(Self.replace(&inbox, at: 0, with: new) == "m1")
        #expect(InboxTests.removeSharing(&inbox, with: entry("x", seq: 3, collapseId: "a")).map(\.id) == ["m2"])
        #expect(inbox.count == 0)
    }

    @Test func anEntryWithoutKindReplacesTheNewestOfItsCollapseId() {
        var inbox = Inbox()
        inbox.add(entry("s1", seq: 1, collapseId: "a"))
        let new = entry("s2", seq: 2, collapseId: "a")
        #expect(Self.slot(inbox, for: new) == 0)
        #expect(Self.replace(&inbox, at: 0, with: new) == "s1")
        #expect(inbox.reply(id: "s2")?.id == "s2" && inbox.entry(id: "s1") == nil)
    }

    /// Anything the in-place exchange would get wrong goes the general way.
    @Test func otherReplacementsAreLeftToTheGeneralPath() {
        var inbox = Inbox()
        // Another entry of the kind, older than the newest.
        inbox.add(entry("m1", seq: 1, shape: Self.modal))
        inbox.add(entry("m2", seq: 2, shape: Self.modal))
        #expect(Self.slot(inbox, for: entry("m3", seq: 3, shape: Self.modal)) == nil)

        // An older entry with the new collapseId.
        inbox = Inbox()
        inbox.add(entry("s", seq: 1, collapseId: "a"))
        inbox.add(entry("m1", seq: 2, shape: Self.modal))
        #expect(Self.slot(inbox, for: entry("m2", seq: 3, shape: Self.modal, collapseId: "a")) == nil)
        #expect(Self.slot(inbox, for: entry("m2", seq: 3, shape: Self.modal, collapseId: "b")) == 1)

        // The newest has another kind, or a kind where the new one has none, or another collapseId.
        inbox = Inbox()
        inbox.add(entry("i", seq: 1, shape: Self.otherModal, collapseId: "a"))
        #expect(Self.slot(inbox, for: entry("m", seq: 2, shape: Self.modal, collapseId: "a")) == nil)
        #expect(Self.slot(inbox, for: entry("s", seq: 2, collapseId: "a")) == nil)
        inbox = Inbox()
        inbox.add(entry("s1", seq: 1, collapseId: "a"))
        #expect(Self.slot(inbox, for: entry("s2", seq: 2, collapseId: "b")) == nil)
        #expect(Self.slot(inbox, for: entry("s2", seq: 2)) == nil)

        // The last slot is a hole: an entry before it was removed, then the newest one.
        inbox = Inbox()
        inbox.add(entry("m1", seq: 1, shape: Self.modal))
        inbox.add(entry("s1", seq: 2))
        inbox.add(entry("s2", seq: 3))
        inbox.remove(id: "s1")
        inbox.remove(id: "s2")
        #expect(inbox.count == 1)
        #expect(Self.slot(inbox, for: entry("m2", seq: 4, shape: Self.modal)) == nil)
    }

    /// Modal arrivals of two kinds and a few collapseIds, replaced in place whenever that is offered,
    /// the general way otherwise, against a plain array: ids, kinds, collapseIds and order must agree.
    @Test(arguments: [4, 5, 6] as [UInt64])
    func behavesLikeRemovingAndAdding(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var inbox = Inbox()
        var model: [Entry] = []
        var inPlace = 0
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        for seq in 1...2_000 as ClosedRange<UInt64> {
            let shapes = [Self.modal, Self.otherModal, Self.show]
            let collapseId = pick(4) == 0 ? nil : "c\(pick(5))"
            let new = entry("e\(seq)", seq: seq, shape: shapes[pick(3)], collapseId: collapseId)
            let expected = model.filter { new.sharesKindOrCollapseId(with: $0) }.map(\.id)
            model.removeAll { new.sharesKindOrCollapseId(with: $0) }
            if let slot = Self.slot(inbox, for: new) {
                inPlace += 1
                #expect(Self.replace(&inbox, at: slot, with: new).map { [$0] } == expected, "seq \(seq)")
            } else {
                #expect(InboxTests.removeSharing(&inbox, with: new).map(\.id) == expected, "seq \(seq)")
                inbox.add(new)
            }
            model.append(new)
            if pick(8) == 0, let gone = model.indices.randomElement(using: &random) {
                #expect(inbox.remove(id: model[gone].id)?.id == model[gone].id)
                model.remove(at: gone)
            }
            #expect(inbox.count == model.count)
            #expect(inbox.entries { _ in true }.map(\.id) == model.map(\.id), "seq \(seq)")
            if let probe = model.randomElement(using: &random) {
                #expect(inbox.entry(id: probe.id)?.seq == probe.seq && inbox.contains(seq: probe.seq))
            }
        }
        #expect(inPlace > 100)
    }
}
