import Testing
@testable import EntryRouter

/// R6 latest wins, R7 identity.
@Suite struct RouterReplaceTests {
    @Test func aQueuedModalOfTheSameKindIsReplaced() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://guide/a"))
        h.step(9, open("app://notice/old"))
        let newer = h.step(9, open("app://notice/new"))
        #expect(newer.state(of: "e-2") == .replaced)
        #expect(newer.entryReplies.map(\.state) == [.queued])
        #expect(h.status.scenes.first?.queue == ["e-3"])
    }

    @Test func aPendingEntryOfTheSameKindIsReplaced() {
        var h = Harness()
        h.step(9, open("app://notice/old"))
        #expect(h.step(9, open("app://notice/new")).state(of: "e-1") == .replaced)
        #expect(h.ready().presentedEntries == ["e-2"])
    }

    @Test func anyEntryWithTheSameCollapseIdIsReplaced() {
        var h = Harness()
        h.step(9, push("record", "1", collapseId: "c"))
        let newer = h.step(9, push("update", "x", collapseId: "c"))
        #expect(newer.state(of: "e-1") == .replaced)
        #expect(h.status.pending.map(\.id) == ["e-2"])
    }

    @Test func theSameIdentityUpdatesTheActiveModalInPlace() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://card/7"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        let update = h.step(9, open("app://card/7"))
        #expect(update.events(to: 1) == [.update(scene: "main", modal: "m-1", params: ["id": "7"])])
        #expect(update.entryReplies.map(\.state) == [.updated])
        #expect(update.presents.isEmpty)
        #expect(h.status.scenes.first?.active?.entry == "e-1")
    }

    @Test func theSameKindWithAnotherIdentityWaits() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://card/7"))
        let other = h.step(9, open("app://card/8"))
        #expect(other.entryReplies.map(\.state) == [.queued])
        #expect(other.events(to: 1).isEmpty)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).presentedEntries == ["e-2"])
    }

    @Test func aRouteWithoutIdentityNeverUpdatesInPlaceButReplacesTheQueuedOne() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        #expect(h.step(9, open("app://notice/a")).entryReplies.map(\.state) == [.queued])
        #expect(h.step(9, open("app://notice/a")).state(of: "e-2") == .replaced)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).presentedEntries == ["e-3"])
    }

    @Test func anUpdateInPlaceLeavesTheQueueAlone() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://card/7"))
        h.step(9, open("app://card/8"))
        let update = h.step(9, open("app://card/7"))
        #expect(update.entryReplies.map(\.state) == [.updated])
        #expect(h.status.scenes.first?.queue == ["e-2"])
    }

    @Test func theUpdatedParamsAreWhatAnActionStarts() {
        var h = Harness()
        h.ready()
        h.step(9, push("card", "7"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(9, .push(PushRequest(payload: PushPayload(.object(["type": .string("card"), "arg": .string("7")])), payloadBytes: 9)))
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        let started = h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(started.events(to: 1).contains(.start(scene: "main", flow: "run", entry: "e-1", params: ["id": "7"])))
    }

    /// A replaced entry is retired by moving it: its one record keeps every field it had, with the
    /// state `replaced`, and a watcher hears of it once.
    @Test func aReplacedEntryIsRecordedWholeAndWatched() {
        var h = Harness()
        h.step(5, .watch)
        let first = h.step(9, push("record", "1", id: "s-1", collapseId: "c"))
        let waiting = first.records.last { $0.id == "s-1" }
        let newer = h.step(9, push("update", "x", id: "s-2", collapseId: "c"))
        let replaced = newer.records.filter { $0.id == "s-1" }
        #expect(replaced.count == 1)
        var expected = waiting
        expected?.state = .replaced
        #expect(replaced.first == expected)
        #expect(replaced.first?.collapseId == "c" && replaced.first?.params.isEmpty == false)
        let told = newer.events(to: 5).filter { if case .entry(id: "s-1", _, _, _) = $0 { true } else { false } }
        #expect(told == [.entry(id: "s-1", state: .replaced, route: waiting?.route ?? "", scene: nil)])
        #expect(h.stored["s-1"]?.state == .replaced)
    }
}
