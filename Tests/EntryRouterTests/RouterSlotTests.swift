import Testing
@testable import EntryRouter

/// R3, R4, R5, R8, R9: one slot, priority, coalescing, busy, dismiss without a child.
@Suite struct RouterSlotTests {
    @Test func theNextModalWaitsForTheDismissalToBeAcknowledged() {
        var h = Harness()
        h.ready()
        #expect(h.step(9, open("app://notice/a")).presentedEntries == ["e-1"])
        #expect(h.step(9, open("app://update/b")).presents.isEmpty)
        h.step(1, scene("main", .presented(modal: "m-1")))
        let retracted = h.step(9, .retract(.id("e-1")))
        #expect(retracted.events(to: 1) == [.dismiss(scene: "main", modal: "m-1")])
        #expect(retracted.presents.isEmpty)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).presentedEntries == ["e-2"])
    }

    @Test(arguments: [
        (["notice", "update", "tutorial", "guide"], ["e-4", "e-3", "e-2", "e-1"]),
        (["card/1", "update", "guide", "invite/2"], ["e-3", "e-1", "e-4", "e-2"]),
    ])
    func queuedModalsArePresentedByPriorityThenArrival(routes: [String], order: [String]) {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: nil)))
        h.step(1, scene("main", .gate("signedIn", open: true)))
        for route in routes { h.step(9, open("app://\(route)")) }
        var presented = h.step(1, scene("main", .appeared(screen: "home"))).presentedEntries
        for modal in 1..<routes.count {
            presented += h.step(1, scene("main", .dismissed(modal: "m-\(modal)"))).presentedEntries
        }
        #expect(presented == order)
    }

    @Test func entriesOfOneTurnAreAllQueuedBeforeThePresentIsDecided() {
        var h = Harness()
        h.ready()
        h.send(9, open("app://notice/low"))
        h.send(9, open("app://guide/high"))
        let turn = h.endTurn()
        #expect(turn.presentedEntries == ["e-2"])
        #expect(turn.entryReplies.map(\.state) == [.queued, .presenting])
    }

    @Test func entriesOfSeparateTurnsArePresentedInArrivalOrder() {
        var h = Harness()
        h.ready()
        #expect(h.step(9, open("app://notice/low")).presentedEntries == ["e-1"])
        #expect(h.step(9, open("app://guide/high")).presents.isEmpty)
    }

    @Test func nothingIsPresentedWhileTheSceneIsBusy() {
        var h = Harness()
        h.ready()
        h.step(1, scene("main", .busy(true)))
        let arrived = h.step(9, open("app://notice/a"))
        #expect(arrived.presents.isEmpty)
        #expect(arrived.entryReplies.map(\.state) == [.queued])
        #expect(h.status.scenes.first?.busy == true)
        #expect(h.step(1, scene("main", .busy(false))).presentedEntries == ["e-1"])
    }

    @Test(arguments: ["m-9", "m-1"])
    func aDismissalOfAModalThatIsGoneIsAHarmlessNoOp(modal: String) {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        let again = h.step(1, scene("main", .dismissed(modal: modal)))
        #expect(again.results(to: 1) == [.success(.ok)])
        #expect(again.records.isEmpty)
        #expect(h.step(9, open("app://update/b")).presentedEntries == ["e-2"])
    }

    @Test func aModalTheUserSwipedAwayFreesTheSlotEvenUnacknowledged() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://update/b"))
        let swiped = h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(swiped.state(of: "e-1") == .done)
        #expect(swiped.presentedEntries == ["e-2"])
    }

    @Test func aPresentAcknowledgementForAnotherModalChangesNothing() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        let stray = h.step(1, scene("main", .presented(modal: "m-7")))
        #expect(stray.results(to: 1) == [.success(.ok)])
        #expect(stray.records.isEmpty)
    }
}
