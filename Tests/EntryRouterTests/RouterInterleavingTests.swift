import Testing
@testable import EntryRouter

/// Races between arrivals, acknowledgements, retractions, resets, disconnects and gates.
@Suite struct RouterInterleavingTests {
    @Test func anEntryArrivingWhileADismissIsInFlightWaitsForTheAcknowledgement() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(1, scene("main", .action(modal: "m-1", action: "close")))
        #expect(h.step(9, open("app://guide/b")).presents.isEmpty)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).presentedEntries == ["e-2"])
    }

    @Test func retractingTheActiveModalWhileAnActionWaitsForItsDismissalCancelsTheWaitingSteps() {
        var h = RouterActionTests.invited()
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        let retracted = h.step(9, .retract(.id("e-1")))
        #expect(retracted.results(to: 9) == [.success(.retracted(1))])
        #expect(retracted.events(to: 1).isEmpty)
        let dismissed = h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(dismissed.events(to: 1).isEmpty)
        #expect(dismissed.records.isEmpty)
        #expect(h.stored["e-1"]?.state == .retracted)
    }

    @Test func aResetWhilePresentingRetractsTheEntryAndTheLateAcknowledgementIsHarmless() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        #expect(h.step(1, scene("main", .reset)).state(of: "e-1") == .retracted)
        let late = h.step(1, scene("main", .presented(modal: "m-1")))
        #expect(late.results(to: 1) == [.success(.ok)] && late.records.isEmpty)
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presents.isEmpty)
        #expect(h.step(9, open("app://update/b")).presentedEntries == ["e-2"])
    }

    /// The accept flow of seed 002, cut by a disconnect after each step. Whatever the cut, the
    /// invitation is consumed at most once and the run starts at least once, and more than once only
    /// when the disconnect came after `start` was sent and before it was written (docs/PROTOCOL.md: an
    /// accepted action's steps go out when the scene is back, each carrying the entry's id).
    @Test(arguments: 0...6)
    func aDisconnectAtEveryStepOfTheAcceptFlowLosesNothingAndRepeatsNothing(cut: Int) {
        var h = Harness()
        h.step(9, push("invite", "s1"))
        let flow: [SceneOp] = [.connect(launch: nil), .appeared(screen: "home"), .gate("signedIn", open: true),
                               .presented(modal: "m-1"), .action(modal: "m-1", action: "accept"),
                               .dismissed(modal: "m-1")]
        var events: [Event] = []
        for op in flow.prefix(cut) { events += h.step(1, scene("main", op)).events(to: 1) }
        _ = h.input(.disconnected(ConnectionID(1)))
        _ = h.endTurn()
        let acknowledged = cut >= 4
        let accepted = cut >= 5
        #expect(h.stored["e-1"]?.state == (acknowledged ? (accepted ? .presented : .done) : .pending))
        #expect(h.stored["e-1"]?.steps == (accepted ? [.selectTab("home"), .start(flow: "run")] : []))
        let again = h.ready("main", on: 2, signedIn: true)
        events += again.events(to: 2)
        #expect(again.presentedEntries == (acknowledged ? [] : ["e-1"]))
        if let modal = again.presents.first?.modal {
            h.step(2, scene("main", .presented(modal: modal)))
            h.step(2, scene("main", .action(modal: modal, action: "accept")))
            events += h.step(2, scene("main", .dismissed(modal: modal))).events(to: 2)
        }
        h.drained(2)
        let starts = events.filter { if case .start = $0 { true } else { false } }
        #expect(starts.count == (acknowledged && !accepted ? 0 : cut == 6 ? 2 : 1))
        #expect(starts.allSatisfy { if case .start(_, _, "e-1", _, _) = $0 { true } else { false } })
        #expect(h.stored["e-1"]?.state == .done && h.stored["e-1"]?.steps == [])
        #expect(h.status.counts[.presented] == 0)
        #expect(h.stored.values.filter { $0.state == .presenting }.isEmpty)
    }

    @Test func twoScenesBecomingReadyInOneTurnLeaveThePendingEntriesToTheFirst() {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://record/1"))
        h.step(1, scene("left", .connect(launch: nil)))
        h.step(2, scene("right", .connect(launch: nil)))
        h.send(2, scene("right", .appeared(screen: "home")))
        h.send(1, scene("left", .appeared(screen: "home")))
        h.send(9, open("app://update/b"))
        let turn = h.endTurn()
        #expect(turn.presents.map(\.scene) == ["left", "right"])
        #expect(turn.presents.map(\.entry) == ["e-3", "e-1"])
        #expect(turn.events(to: 2).contains { if case .show = $0 { true } else { false } })
    }

    @Test func aGateOpenedAndClosedInOneTurnHandsNothingOver() {
        var h = Harness()
        h.ready()
        h.step(9, push("invite", "s1"))
        h.send(1, scene("main", .gate("signedIn", open: true)))
        h.send(1, scene("main", .gate("signedIn", open: false)))
        #expect(h.endTurn().presents.isEmpty)
        #expect(h.status.pending.map(\.scene) == ["main"])
    }

    @Test func aGateClosingAfterThePresentLeavesTheActiveModalAlone() {
        var h = Harness()
        h.ready(signedIn: true)
        h.step(9, push("invite", "s1"))
        h.step(9, push("invite", "s2"))
        let closed = h.step(1, scene("main", .gate("signedIn", open: false)))
        #expect(closed.events(to: 1).isEmpty)
        #expect(closed.records.map(\.state) == [.pending])
        #expect(h.status.scenes.first?.active?.entry == "e-1")
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).presentedEntries == ["e-2"])
    }

    @Test func aPendingEntryWaitsThroughBackgroundAndResetsOfAnotherScene() {
        var h = Harness()
        h.step(2, scene("other", .connect(launch: nil)))
        h.step(9, push("invite", "s1"))
        h.step(2, scene("other", .reset))
        #expect(h.status.counts[.retracted] == 1)
        h.step(9, push("invite", "s2"))
        h.ready("main", on: 1)
        h.step(1, scene("main", .background))
        h.step(1, scene("main", .gate("signedIn", open: true)))
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presentedEntries == ["e-2"])
    }
}
