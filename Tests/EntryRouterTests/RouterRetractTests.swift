import Testing
@testable import EntryRouter

/// R10 retraction and expiry, R11 reset, `expiration: 0`.
@Suite struct RouterRetractTests {
    /// A pending notice (e-1), a show with a collapseId (e-2), then a ready scene presents e-1 and
    /// queues nothing else; e-3 (update) arrives queued.
    static func setUp() -> Harness {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, push("record", "5", collapseId: "c5"))
        h.step(1, scene("main", .connect(launch: nil)))
        h.step(1, scene("main", .busy(true)))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(9, open("app://update/b"))
        return h
    }

    @Test(arguments: [
        (RetractTarget.id("e-1"), ["e-1"]),
        (.kind("updateNotice"), ["e-3"]),
        (.kind("serviceNotice"), ["e-1"]),
        (.collapseId("c5"), [String]()),
        (.id("nope"), []),
    ])
    func aRetractionRemovesWhatMatches(target: RetractTarget, retracted: [String]) {
        var h = Self.setUp()
        let effects = h.step(9, .retract(target))
        #expect(effects.results(to: 9) == [.success(.retracted(retracted.count))])
        #expect(effects.records.filter { $0.state == .retracted }.map(\.id) == retracted)
        let presented = h.step(1, scene("main", .busy(false))).presentedEntries
        #expect(presented.allSatisfy { !retracted.contains($0) })
    }

    @Test func aRetractionByCollapseIdReachesPendingEntries() {
        var h = Harness()
        h.step(9, push("update", "x", collapseId: "c"))
        #expect(h.step(9, .retract(.collapseId("c"))).results(to: 9) == [.success(.retracted(1))])
        #expect(h.ready().presents.isEmpty)
    }

    @Test func aRetractionDismissesTheActiveModalAndItsEntryEndsRetracted() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://update/a"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        let effects = h.step(9, .retract(.kind("updateNotice")))
        #expect(effects.results(to: 9) == [.success(.retracted(1))])
        #expect(effects.events(to: 1) == [.dismiss(scene: "main", modal: "m-1")])
        #expect(effects.state(of: "e-1") == .retracted)
        let twice = h.step(9, .retract(.kind("updateNotice")))
        #expect(twice.events(to: 1).isEmpty)
        #expect(twice.results(to: 9) == [.success(.retracted(0))])
    }

    @Test func anEntryPastItsExpiryIsNeverPresented() {
        var h = Harness()
        let arrived = h.step(9, open("app://notice/a", expiration: h.now.milliseconds / 1000 + 5))
        #expect(arrived.contains(.armTimer(h.now.adding(seconds: 5).adding(milliseconds: 1))))
        h.advance(seconds: 5)
        #expect(h.input(.timer).records.isEmpty)
        h.now = h.now.adding(milliseconds: 1)
        let fired = h.input(.timer)
        #expect(fired.state(of: "e-1") == .expired)
        #expect(h.ready().presents.isEmpty)
    }

    @Test func theRouteTTLBoundsAnEntryWithoutExpiration() {
        var h = Harness()
        h.step(9, open("app://short/a"))
        h.advance(seconds: 11)
        #expect(h.ready().presents.isEmpty)
        #expect(h.status.counts[.expired] == 1)
    }

    @Test func anExpirationInThePastIsRefusedAndNothingIsKept() {
        var h = Harness()
        let effects = h.step(9, open("app://notice/a", id: "x", expiration: 10))
        #expect(effects.errorCodes == [.expired])
        #expect(effects.records.isEmpty && effects.seen.isEmpty)
    }

    @Test func expirationZeroIsAcceptedWhenPresentedOrShownInThisTurn() {
        var h = Harness()
        h.ready()
        let modal = h.step(9, open("app://notice/a", expiration: 0))
        #expect(modal.entryReplies.map(\.state) == [.presenting])
        let show = h.step(9, open("app://record/4", expiration: 0))
        #expect(show.entryReplies.map(\.state) == [.done])
    }

    @Test func expirationZeroIsRefusedWithoutATraceWhenNoSceneCanTakeIt() {
        var h = Harness()
        h.step(9, open("app://notice/old"))
        let refused = h.step(9, open("app://notice/new", id: "n", expiration: 0))
        #expect(refused.errorCodes == [.expired])
        #expect(refused.records.isEmpty && refused.seen.isEmpty)
        #expect(h.status.pending.map(\.id) == ["e-1"])
    }

    @Test func expirationZeroLosesToAHigherPriorityEntryOfTheSameTurn() {
        var h = Harness()
        h.ready()
        h.send(9, open("app://notice/now", expiration: 0))
        h.send(9, open("app://guide/first"))
        h.send(9, open("app://update/later"))
        let turn = h.endTurn()
        #expect(turn.errorCodes == [.expired])
        #expect(turn.entryReplies.map(\.id) == ["e-1", "e-2"])
        #expect(turn.presentedEntries == ["e-1"])
        #expect(Set(turn.records.map(\.id)) == ["e-1", "e-2"])
    }

    @Test func aResetClearsEverythingFromBeforeIt() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: nil)))
        h.step(9, open("app://guide/a"))
        h.step(9, open("app://notice/b"))
        h.step(1, scene("main", .gate("signedIn", open: true)))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(9, open("app://invite/s"))
        h.step(2, scene("other", .connect(launch: .url("app://update/x"))))
        let reset = h.step(1, scene("main", .reset))
        #expect(Set(reset.records.filter { $0.state == .retracted }.map(\.id)) == ["e-1", "e-2", "e-3"])
        #expect(reset.events(to: 1).isEmpty)
        let status = h.status.scenes.first { $0.scene == "main" }
        #expect(status?.ready == false && status?.active == nil && status?.queue == [])
        #expect(status?.gates == ["signedIn": false])
        #expect(h.status.pending.map(\.id) == ["e-4"])
        let after = h.step(1, scene("main", .appeared(screen: "home")))
        #expect(after.presents.isEmpty)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).presents.isEmpty)
    }
}

/// Ids are byte-exact everywhere: a retraction by a canonically equivalent id is another id.
@Suite struct RouterRetractBytesTests {
    @Test(arguments: [RetractTarget.id("cafe\u{301}"), .collapseId("cafe\u{301}")])
    func aRetractionMatchesIdsAndCollapseIdsByteForByte(target: RetractTarget) {
        var h = Harness()
        h.step(9, push("notice", "a", id: "caf\u{e9}", collapseId: "caf\u{e9}"))
        h = h.restarted()
        #expect(h.step(9, .retract(target)).results(to: 9) == [.success(.retracted(0))])
        #expect(h.status.pending.map(\.id) == ["caf\u{e9}"])
        #expect(h.step(9, .retract(.id("caf\u{e9}"))).results(to: 9) == [.success(.retracted(1))])
    }
}
