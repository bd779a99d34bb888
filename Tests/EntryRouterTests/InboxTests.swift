@testable import EntryRouter
import SeededRandom
import Testing
import EntryKit

/// The inbox's own bookkeeping: arrival order with entries added back out of order, lookups by seq,
/// and indexes that survive the compaction of removed slots.
struct InboxTests {
    static let show = CompiledRoute(name: "recordDetail", target: .show(tab: "records"), requires: [], actions: [:],
                                 kindSlot: nil)
    static let modal = CompiledRoute(name: "notice", target: .modal(kind: "serviceNotice", priority: 4), requires: [],
                                  actions: [:], kindSlot: 0)

    func entry(_ id: String, seq: UInt64, shape: CompiledRoute = show, collapseId: String? = nil) -> Entry {
        Entry(id: id, params: ["id": id], shape: shape, collapseId: collapseId, identity: nil, scene: nil,
              received: Instant(milliseconds: 1), seq: seq, expires: nil, source: .push, state: .pending)
    }

    static func removeSharing(_ inbox: inout Inbox, with entry: Entry) -> RemovedEntries {
        var removed = RemovedEntries()
        inbox.removeSharingKindOrCollapseId(with: entry, waitingFor: nil, into: &removed)
        return removed
    }

    @Test func entriesAddedOutOfOrderAreReadInArrivalOrder() {
        var inbox = Inbox()
        for (id, seq) in [("c", 3), ("a", 1), ("b", 2)] { inbox.add(entry(id, seq: UInt64(seq))) }
        #expect(inbox.entries { _ in true }.map(\.id) == ["a", "b", "c"])
        #expect(inbox.page(after: nil, limit: 2).entries.map(\.id) == ["a", "b"])
        #expect(inbox.contains(seq: 1) && inbox.contains(seq: 3) && !inbox.contains(seq: 4))
        #expect(inbox.removeAll { $0.id != "b" }.map(\.id) == ["a", "c"])
    }

    @Test func theNewestEntryTakenAndAddedBackIsFoundBySeq() {
        var inbox = Inbox()
        inbox.add(entry("a", seq: 1))
        inbox.add(entry("b", seq: 2))
        let taken = inbox.remove(id: "b")
        #expect(taken?.id == "b" && !inbox.contains(seq: 2))
        inbox.add(entry("b", seq: 2))
        #expect(inbox.contains(seq: 2))
        #expect(inbox.remove(seq: 2)?.id == "b")
        #expect(!inbox.contains(seq: 2) && inbox.count == 1)
    }

    @Test func indexesSurviveCompaction() {
        var inbox = Inbox()
        for n in 1...100 { inbox.add(entry("e\(n)", seq: UInt64(n), collapseId: "c\(n % 10)")) }
        for n in 1...90 { inbox.remove(id: "e\(n)") }
        #expect(inbox.count == 10)
        #expect(inbox.entries { _ in true }.map(\.id) == (91...100).map { "e\($0)" })
        #expect(inbox.entry(id: "e95")?.seq == 95 && inbox.contains(seq: 95))
        let replaced = Self.removeSharing(&inbox, with: entry("new", seq: 101, collapseId: "c5"))
        #expect(replaced.map(\.id) == ["e95"])
        #expect(inbox.entry(id: "e95") == nil && inbox.count == 9)
    }

    @Test func aNewModalReplacesEveryWaitingEntryOfItsKindAndCollapseIdInArrivalOrder() {
        var inbox = Inbox()
        inbox.add(entry("m1", seq: 1, shape: Self.modal))
        inbox.add(entry("s1", seq: 2, collapseId: "x"))
        inbox.add(entry("s2", seq: 3, collapseId: "y"))
        inbox.add(entry("m0", seq: 0, shape: Self.modal))
        let replaced = Self.removeSharing(&inbox, with: entry("m2", seq: 4, shape: Self.modal, collapseId: "x"))
        #expect(replaced.map(\.id) == ["m0", "m1", "s1"])
        #expect(inbox.entries { _ in true }.map(\.id) == ["s2"])
    }

    @Test func nothingSharedRemovesNothing() {
        var inbox = Inbox()
        #expect(Self.removeSharing(&inbox, with: entry("a", seq: 1, collapseId: "x")).isEmpty)
        inbox.add(entry("b", seq: 2, collapseId: "y"))
        let removed = Self.removeSharing(&inbox, with: entry("c", seq: 3, shape: Self.modal, collapseId: "x"))
        #expect(removed.isEmpty)
        #expect(inbox.count == 1)
    }

    @Test func aReplacementPerArrivalKeepsOneEntryAndItsIndexes() {
        var inbox = Inbox()
        for n in 1...200 {
            let new = entry("e\(n)", seq: UInt64(n), shape: Self.modal, collapseId: "c\(n % 3)")
            let removed = Self.removeSharing(&inbox, with: new)
            #expect(removed.map(\.id) == (n == 1 ? [] : ["e\(n - 1)"]))
            inbox.add(new)
        }
        #expect(inbox.count == 1 && inbox.entry(id: "e200")?.collapseId == "c2")
        // The collapseId index still finds the survivor (the kind index took every earlier one).
        let show = Self.removeSharing(&inbox, with: entry("s", seq: 201, collapseId: "c2"))
        #expect(show.map(\.id) == ["e200"] && inbox.count == 0)
    }

    @Test func theCollapseIdIsLookedUpWhenTheKindLeftOthers() {
        var inbox = Inbox()
        inbox.add(entry("m1", seq: 1, shape: Self.modal, collapseId: "a"))
        inbox.add(entry("s1", seq: 2, collapseId: "b"))
        inbox.add(entry("s2", seq: 3, collapseId: "b"))
        let removed = Self.removeSharing(&inbox, with: entry("m2", seq: 4, shape: Self.modal, collapseId: "b"))
        #expect(removed.count == 3 && removed.map(\.id) == ["m1", "s1", "s2"])
        #expect(inbox.count == 0)
    }

    @Test func anEntryAddedAgainUnderItsIdReplacesItsSlotAndIndexes() {
        var inbox = Inbox()
        inbox.add(entry("a", seq: 1, collapseId: "x"))
        inbox.add(entry("a", seq: 2, collapseId: "y"))
        #expect(inbox.count == 1 && inbox.entry(id: "a")?.seq == 2 && !inbox.contains(seq: 1))
        #expect(Self.removeSharing(&inbox, with: entry("b", seq: 3, collapseId: "x")).isEmpty)
        #expect(Self.removeSharing(&inbox, with: entry("c", seq: 4, collapseId: "y")).map(\.id) == ["a"])
    }

    /// An arrival's tags, hashed once, index and find what the inbox's own hashing does: an entry added
    /// with them is found by id and by collapseId, removed by either, and an entry without a collapseId
    /// is in no collapseId list.
    @Test func tagsHashedOnceIndexAsTheInboxWould() {
        var inbox = Inbox()
        let tagged = entry("a", seq: 1, collapseId: "x")
        inbox.add(tagged, tags: Inbox.Tags(id: SlotIndex.tag(of: "a"), collapseId: Inbox.Tags.tag(of: "x")))
        inbox.add(entry("b", seq: 2))
        #expect(Inbox.Tags.tag(of: nil) == nil)
        #expect(inbox.reply(id: "a", tag: SlotIndex.tag(of: "a"))?.id == "a" && inbox.reply(id: "b")?.id == "b")
        #expect(inbox.reply(id: "a", tag: SlotIndex.tag(of: "b")) == nil)
        var removed = RemovedEntries()
        inbox.removeSharingKindOrCollapseId(with: entry("c", seq: 3, collapseId: "x"), waitingFor: nil,
                                            collapseIdTag: Inbox.Tags.tag(of: "x"), into: &removed)
        #expect(removed.map(\.id) == ["a"] && inbox.count == 1)
        removed = RemovedEntries()
        inbox.removeSharingKindOrCollapseId(with: entry("d", seq: 4), waitingFor: nil, collapseIdTag: nil, into: &removed)
        #expect(removed.isEmpty && inbox.entry(id: "b")?.seq == 2)
        #expect(inbox.remove(id: "b")?.id == "b" && inbox.count == 0)
    }

    /// A retraction tells ids, kinds and collapseIds apart byte for byte, as the dedupe window does:
    /// "café" in NFC and in NFD are two ids.
    @Test func retractionThroughTheIndexesComparesBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let nfdModal = CompiledRoute(name: "notice", target: .modal(kind: decomposed, priority: 4), requires: [],
                                  actions: [:], kindSlot: 0)
        var inbox = Inbox()
        inbox.add(entry(composed, seq: 1, collapseId: composed))
        inbox.add(entry("x", seq: 2, shape: nfdModal, collapseId: decomposed))
        #expect(inbox.removeAll(id: decomposed).isEmpty)
        #expect(inbox.removeAll(collapseId: decomposed).map(\.id) == ["x"])
        inbox.add(entry("y", seq: 3, shape: nfdModal))
        #expect(inbox.removeAll(kindSlot: 0, kind: composed).isEmpty)
        #expect(inbox.removeAll(kindSlot: 0, kind: decomposed).map(\.id) == ["y"])
        #expect(inbox.removeAll(collapseId: composed).map(\.id) == [composed] && inbox.count == 0)
    }

    /// Random arrivals, replacements, removals and entries given back out of order, against a plain
    /// array: crosses many compactions and index resizes.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func behavesLikeAnArrayOfEntries(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var inbox = Inbox()
        var model: [Entry] = []
        var taken: [Entry] = []
        var nextSeq: UInt64 = 1
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        func newEntry() -> Entry {
            let collapseId = pick(3) == 0 ? nil : "c\(pick(6))"
            defer { nextSeq += 1 }
            return entry("e\(nextSeq)", seq: nextSeq, shape: pick(4) == 0 ? Self.modal : Self.show, collapseId: collapseId)
        }
        for step in 0..<3_000 {
            switch pick(11) {
            case 0..<3:
                let new = newEntry()
                let replaced = Self.removeSharing(&inbox, with: new)
                let expected = model.filter { new.sharesKindOrCollapseId(with: $0) }.sorted { $0.seq < $1.seq }
                #expect(replaced.map(\.id) == expected.map(\.id), "step \(step)")
                model.removeAll { new.sharesKindOrCollapseId(with: $0) }
                taken += replaced
                inbox.add(new)
                model.append(new)
            case 3..<5:
                let new = newEntry()
                inbox.add(new)
                model.append(new)
            case 5:
                // Given back: an older seq, as a held or released entry has.
                guard !taken.isEmpty else { continue }
                let back = taken.remove(at: pick(taken.count))
                inbox.add(back)
                model.append(back)
            case 6, 7:
                guard !model.isEmpty else { continue }
                let id = model[pick(model.count)].id
                #expect(inbox.remove(id: id)?.id == id)
                taken += model.filter { $0.id == id }
                model.removeAll { $0.id == id }
            case 8:
                guard !model.isEmpty else { continue }
                let seq = model[pick(model.count)].seq
                #expect(inbox.remove(seq: seq)?.seq == seq)
                taken += model.filter { $0.seq == seq }
                model.removeAll { $0.seq == seq }
            case 9:
                // A retraction through the indexes, by id, kind or collapseId, present or not.
                let removed: [Entry]
                let matches: (Entry) -> Bool
                switch pick(3) {
                case 0:
                    let id = model.isEmpty || pick(4) == 0 ? "e\(nextSeq)" : model[pick(model.count)].id
                    removed = inbox.removeAll(id: id)
                    matches = { $0.id == id }
                case 1:
                    removed = inbox.removeAll(kindSlot: 0, kind: "serviceNotice")
                    matches = { $0.kind == "serviceNotice" }
                default:
                    let collapseId = "c\(pick(7))"
                    removed = inbox.removeAll(collapseId: collapseId)
                    matches = { $0.collapseId == collapseId }
                }
                #expect(removed.map(\.id) == model.filter(matches).sorted { $0.seq < $1.seq }.map(\.id), "step \(step)")
                taken += removed
                model.removeAll(where: matches)
            default:
                let modulus = UInt64(2 + pick(5))
                let removed = inbox.removeAll { $0.seq % modulus == 0 }
                #expect(removed.map(\.id) == model.filter { $0.seq % modulus == 0 }.sorted { $0.seq < $1.seq }.map(\.id))
                taken += removed
                model.removeAll { $0.seq % modulus == 0 }
            }
            let ordered = model.sorted { $0.seq < $1.seq }
            #expect(inbox.count == model.count)
            #expect(inbox.entries { _ in true }.map(\.id) == ordered.map(\.id), "step \(step)")
            #expect(inbox.page(after: nil, limit: 3).entries.map(\.id) == ordered.prefix(3).map(\.id))
            if let probe = model.randomElement(using: &random) {
                #expect(inbox.entry(id: probe.id)?.seq == probe.seq && inbox.contains(seq: probe.seq))
                #expect(inbox.reply(id: probe.id)?.id == probe.id)
            }
            #expect(inbox.entry(id: "e\(nextSeq)") == nil && !inbox.contains(seq: nextSeq))
        }
    }
}
