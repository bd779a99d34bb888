import Testing
@testable import EntryRouter

/// R12 actions, R13 stacks, R13b routing among scenes, R13c tabs.
@Suite struct RouterActionTests {
    /// A ready, signed-in scene showing an acknowledged invitation m-1 (entry e-1) on `tab`.
    static func invited(on tab: String = "records") -> Harness {
        var h = Harness()
        h.ready(signedIn: true)
        h.step(1, scene("main", .appeared(screen: tab)))
        h.step(9, push("invite", "s1"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        return h
    }

    @Test func acceptDismissesThenSelectsHomeAndStartsTheRunAfterTheAcknowledgement() {
        var h = Self.invited()
        let accepted = h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        #expect(accepted.events(to: 1) == [.dismiss(scene: "main", modal: "m-1")])
        // The steps after the dismiss are kept with the entry, so that a restart still runs them.
        #expect(accepted.records.map(\.steps) == [[.selectTab("home"), .start(flow: "run")]])
        #expect(accepted.records.map(\.state) == [.presented])
        let dismissed = h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(dismissed.events(to: 1) == [.selectTab(scene: "main", tab: "home"),
                                            .start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])])
        // Finished once written (docs/PROTOCOL.md), not when sent.
        #expect(dismissed.state(of: "e-1") == nil)
        #expect(h.stored["e-1"]?.steps == [.selectTab("home"), .start(flow: "run")])
        #expect(h.drained(1).state(of: "e-1") == .done)
        #expect(h.stored["e-1"]?.isLive == false)
    }

    @Test func acceptOnTheHomeTabSelectsNoTab() {
        var h = Self.invited(on: "home")
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).events(to: 1)
            == [.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])])
    }

    @Test func declineDismissesAndTheEntryIsDoneOnceDismissed() {
        var h = Self.invited()
        #expect(h.step(1, scene("main", .action(modal: "m-1", action: "decline"))).events(to: 1)
            == [.dismiss(scene: "main", modal: "m-1")])
        let dismissed = h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(dismissed.events(to: 1).isEmpty)
        #expect(dismissed.state(of: "e-1") == .done)
    }

    /// A config built in code skips the validator that refuses such an action: the router refuses
    /// it too, rather than start a step under the modal with no way to deliver it again.
    @Test func anActionThatDoesNotBeginWithDismissIsRefusedAndTheModalStays() {
        var h = Self.invited()
        let peek = h.step(1, scene("main", .action(modal: "m-1", action: "peek")))
        #expect(peek.events(to: 1).isEmpty)
        #expect(peek.errors(to: 1).first?.message.contains("does not begin with dismiss") == true)
        #expect(h.status.scenes.first?.active?.modal == "m-1")
        #expect(h.stored["e-1"]?.state == .presented)
    }

    @Test(arguments: [("m-1", "jump", "action"), ("m-2", "accept", "modal")])
    func aBadActionIsABadRequestNamingTheField(modal: String, action: String, field: String) {
        var h = Self.invited()
        let error = h.step(1, scene("main", .action(modal: modal, action: action))).errors(to: 1).first
        #expect(error?.code == .badRequest)
        #expect(error?.message.contains(field) == true)
    }

    @Test func anActionWhileTheDismissalIsInFlightIsRefused() {
        var h = Self.invited()
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        #expect(h.step(1, scene("main", .action(modal: "m-1", action: "accept"))).errorCodes == [.badRequest])
    }

    @Test func aShowSelectsItsTabPushesAScreenAndIsDone() {
        var h = Harness()
        h.ready()
        let shown = h.step(9, open("app://record/42"))
        #expect(shown.events(to: 1) == [
            .selectTab(scene: "main", tab: "records"),
            .show(scene: "main", screen: "s-1", route: "recordDetail", tab: "records", entry: "e-1", params: ["id": "42"]),
        ])
        #expect(shown.entryReplies.map(\.state) == [.done])
        #expect(h.status.scenes.first?.stacks == ["records": ["s-1"]])
        #expect(h.step(9, open("app://record/43")).events(to: 1).count == 1)
    }

    @Test func showsDoNotTakeTheModalSlotAndKeepArrivalOrder() {
        var h = Harness()
        h.ready()
        h.send(9, open("app://notice/a"))
        h.send(9, open("app://record/1"))
        h.send(9, open("app://records"))
        h.send(9, open("app://record/2"))
        let turn = h.endTurn()
        let shows = turn.events(to: 1).compactMap { if case .show(_, let screen, _, _, _, _, _, _, _) = $0 { screen } else { nil } }
        #expect(shows == ["s-1", "s-2"])
        #expect(turn.presentedEntries == ["e-1"])
        #expect(turn.entryReplies.map(\.state) == [.presenting, .done, .done, .done])
    }

    @Test func aTabRouteSelectsTheTabOnlyWhenItChanges() {
        var h = Harness()
        h.ready()
        #expect(h.step(9, open("app://records")).events(to: 1) == [.selectTab(scene: "main", tab: "records")])
        #expect(h.step(9, open("app://records")).events(to: 1).isEmpty)
        h.step(1, scene("main", .appeared(screen: "home")))
        #expect(h.step(9, open("app://records")).events(to: 1) == [.selectTab(scene: "main", tab: "records")])
    }

    @Test func watchersAreToldWhichGateOpenedOrClosed() {
        var h = Harness()
        h.ready()
        h.step(5, .watch)
        #expect(h.step(1, scene("main", .gate("signedIn", open: false))).events(to: 5)
                == [.gate(scene: "main", gate: "signedIn", open: false)])
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).events(to: 5)
                == [.gate(scene: "main", gate: "signedIn", open: true)])
    }

    @Test func aScreenAnEntryShowedIsPoppedByTheRouterWhenItFinishes() {
        var h = Harness()
        h.ready()
        h.step(5, .watch)
        h.step(9, open("app://record/42"))
        let finished = h.step(1, scene("main", .finish(screen: "s-1")))
        #expect(finished.events(to: 1) == [.pop(scene: "main", screen: "s-1", reason: "no parent")])
        #expect(finished.events(to: 5) == [.orphanFinish(scene: "main", screen: "s-1", reason: "no parent")])
        #expect(h.status.scenes.first?.stacks == [:])
    }

    @Test func aScreenPushedWithAParentIsHandedToIt() {
        var h = Harness()
        h.ready()
        h.step(1, scene("main", .pushed(screen: "detail", parent: "list")))
        let finished = h.step(1, scene("main", .finish(screen: "detail")))
        #expect(finished.events(to: 1) == [.detach(scene: "main", screen: "detail", parent: "list")])
    }

    @Test func finishingAScreenPopsTheScreensAboveIt() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://record/1"))
        h.step(1, scene("main", .pushed(screen: "edit", parent: "s-1")))
        h.step(1, scene("main", .finish(screen: "s-1")))
        #expect(h.status.scenes.first?.stacks == [:])
    }

    /// docs/PROTOCOL.md, across restarts: app and router screen ids never collide; a screen id used twice is refused.
    @Test(arguments: [SceneOp.pushed(screen: "s-1", parent: "p"), .pushed(screen: "s-9", parent: nil),
                      .pushed(screen: "edit", parent: "p")])
    func aRepeatedScreenOrOneInTheRoutersNamespaceIsABadRequestNamingTheScreen(op: SceneOp) {
        var h = Harness()
        h.ready()
        h.step(9, open("app://record/1"))
        h.step(1, scene("main", .pushed(screen: "edit", parent: "list")))
        let error = h.step(1, scene("main", op)).errors(to: 1).first
        #expect(error?.code == .badRequest && error?.message.contains("screen") == true)
    }

    /// R13, docs/PROTOCOL.md, across restarts: finishing a screen the router does not know (shown before the scene
    /// reconnected) takes the fallback, and says so.
    @Test func finishingAnUnknownScreenPopsItAndTellsTheWatchers() {
        var h = Harness()
        h.ready()
        h.step(5, .watch)
        let finished = h.step(1, scene("main", .finish(screen: "ghost")))
        #expect(finished.results(to: 1) == [.success(.ok)])
        #expect(finished.events(to: 1) == [.pop(scene: "main", screen: "ghost", reason: "unknown screen")])
        #expect(finished.events(to: 5) == [.orphanFinish(scene: "main", screen: "ghost", reason: "unknown screen")])
    }

    /// Seed 004: the app pushed a screen whose coordinator has no parent; its finish is popped.
    @Test func aScreenPushedWithoutAParentIsPoppedWhenItFinishes() {
        var h = Harness()
        h.ready()
        h.step(5, .watch)
        #expect(h.step(1, scene("main", .pushed(screen: "detail", parent: nil))).results(to: 1) == [.success(.ok)])
        let finished = h.step(1, scene("main", .finish(screen: "detail")))
        #expect(finished.events(to: 1) == [.pop(scene: "main", screen: "detail", reason: "no parent")])
        #expect(finished.events(to: 5) == [.orphanFinish(scene: "main", screen: "detail", reason: "no parent")])
    }

    @Test func aNewEntryGoesToTheSceneWhoseHomeAppearedMostRecently() {
        var h = Harness()
        h.ready("left", on: 1)
        h.ready("right", on: 2)
        #expect(h.step(9, open("app://notice/a")).presents.map(\.scene) == ["right"])
        h.step(1, scene("left", .appeared(screen: "home")))
        #expect(h.step(9, open("app://update/b")).presents.map(\.scene) == ["left"])
    }

    @Test func pendingEntriesGoToTheFirstSceneThatBecomesReady() {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://update/b"))
        h.step(2, scene("right", .connect(launch: nil)))
        h.ready("left", on: 1)
        h.step(2, scene("right", .appeared(screen: "home")))
        #expect(h.status.scenes.first { $0.scene == "left" }?.queue == ["e-1"])
        #expect(h.status.scenes.first { $0.scene == "right" }?.active == nil)
    }

    @Test func aSceneStartsOnTheHomeTab() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: nil)))
        #expect(h.status.scenes.first?.tab == "home")
    }
}
