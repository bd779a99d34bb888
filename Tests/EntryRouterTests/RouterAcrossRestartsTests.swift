import Testing
@testable import EntryRouter

/// docs/PROTOCOL.md, across restarts: what happens to entries, ids and action steps across restarts, reconnects and resets.
@Suite struct RouterAcrossRestartsTests {
    /// A ready, signed-in scene on `connection` showing the acknowledged invitation m-1 (entry e-1).
    static func invited(on connection: UInt64 = 1) -> Harness {
        var h = Harness()
        h.ready("main", on: connection, signedIn: true)
        h.step(9, push("invite", "s1"))
        h.step(connection, scene("main", .presented(modal: "m-1")))
        return h
    }

    // MARK: Ids

    /// A stale `scene.dismissed m-1` from before a restart must not free the new modal's slot.
    @Test func modalAndScreenIdsAreNeverIssuedTwiceAcrossARestart() {
        var h = Self.invited()
        h.step(9, open("app://record/1"))
        h.drained(1)
        #expect(h.storedIssued == IssuedNumbers(modal: 2, screen: 2))
        h = h.restarted()
        h.ready("main", on: 2, signedIn: true)
        let next = h.step(9, open("app://notice/a"))
        #expect(next.presents.map(\.modal) == ["m-2"])
        let shown = h.step(9, open("app://record/2"))
        #expect(shown.events(to: 2).compactMap { if case .show(_, let screen, _, _, _, _, _, _, _) = $0 { screen } else { nil } }
            == ["s-2"])
        h.step(2, scene("main", .dismissed(modal: "m-1")))
        #expect(h.status.scenes.first?.active?.modal == "m-2")
    }

    // MARK: Accepted actions

    /// Seed 002's story: accepted, then the daemon died before the dismissal was acknowledged.
    @Test func anAcceptedRunSurvivesARestartAndRunsOnceTheSceneIsReady() {
        var h = Self.invited()
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        h = h.restarted()
        h.step(5, .watch)
        h.step(2, scene("main", .connect(launch: nil)))
        h.step(2, scene("main", .appeared(screen: "home")))
        #expect(h.status.counts[.presented] == 1)
        let opened = h.step(2, scene("main", .gate("signedIn", open: true)))
        #expect(opened.events(to: 2) == [.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])])
        #expect(opened.presents.isEmpty)
        // Sent is not written: until the connection says so, the steps stay with the entry.
        #expect(h.stored["e-1"]?.isLive == true)
        let written = h.drained(2)
        #expect(written.events(to: 5).contains(.entry(id: "e-1", state: .done, route: "invitation", scene: "main")))
        #expect(h.stored["e-1"]?.isLive == false)
        #expect(h.status.counts[.presented] == 0)
    }

    /// The run waits for a scene of its own name: another scene does not get it.
    @Test func anAcceptedRunWaitsForItsSceneAfterADisconnect() {
        var h = Self.invited()
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        _ = h.input(.disconnected(ConnectionID(1)))
        _ = h.endTurn()
        let other = h.ready("ipad", on: 2, signedIn: true)
        #expect(other.events(to: 2).allSatisfy { if case .start = $0 { false } else { true } })
        let back = h.ready("main", on: 3, signedIn: true)
        #expect(back.events(to: 3).contains(.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])))
        h.drained(3)
        #expect(h.status.counts[.presented] == 0)
    }

    @Test(arguments: [false, true])
    func aResetOrARetractionWithdrawsAWaitingRun(byReset: Bool) {
        var h = Self.invited()
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        _ = h.input(.disconnected(ConnectionID(1)))
        _ = h.endTurn()
        h.step(2, scene("main", .connect(launch: nil)))
        if byReset {
            h.step(2, scene("main", .reset))
        } else {
            #expect(h.step(9, .retract(.id("e-1"))).results(to: 9) == [.success(.retracted(1))])
        }
        #expect(h.stored["e-1"]?.state == .retracted && h.stored["e-1"]?.isLive == false)
        #expect(h.ready("main", on: 2, signedIn: true).events(to: 2).isEmpty)
    }

    // MARK: Reset

    @Test func aResetEndsTheAcknowledgedModalWithAnEvent() {
        var h = Self.invited()
        h.step(5, .watch)
        let reset = h.step(1, scene("main", .reset))
        #expect(reset.events(to: 5).contains(.entry(id: "e-1", state: .done, route: "invitation", scene: "main")))
        #expect(h.status.counts[.presented] == 0)
        #expect(h.status.scenes.first?.active == nil)
    }

    // MARK: Latest wins

    /// R14: an invitation queued on one scene is not replaced by one routed to another.
    @Test func latestWinsStaysWithinAScene() {
        var h = Harness()
        h.ready("left", on: 1, signedIn: true)
        h.step(9, push("invite", "a"))
        h.step(9, push("invite", "b"))
        #expect(h.status.scenes.first?.queue == ["e-2"])
        h.ready("right", on: 2, signedIn: true)
        let third = h.step(9, push("invite", "c"))
        #expect(third.presentedEntries == ["e-3"])
        #expect(h.status.scenes.first { $0.scene == "left" }?.queue == ["e-2"])
        #expect(h.stored["e-2"]?.state == .queued)
    }

    // MARK: Launch entries

    /// R18 by the notification's id: a second real cold start from the same link is shown, a replay
    /// of the same notification is not.
    @Test func aLaunchWithAnIdIsReplayProtectedByItsId() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://card/7"), launchId: "n-1")))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        let replay = h.step(2, scene("main", .connect(launch: .url("app://card/7"), launchId: "n-1")))
        #expect(replay.records.isEmpty)
        let second = h.step(3, scene("main", .connect(launch: .url("app://card/7"), launchId: "n-2")))
        #expect(second.records.map(\.state) == [.pending])
    }

    /// Tapped "Join" on the lock screen: the action's steps run once the scene is ready, and the
    /// invitation is never presented.
    @Test func aLaunchActionRunsItsStepsWithoutPresentingTheModal() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://invite/s9"), launchAction: "accept")))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(1, scene("main", .appeared(screen: "records")))
        let ready = h.step(1, scene("main", .gate("signedIn", open: true)))
        #expect(ready.presents.isEmpty)
        #expect(ready.events(to: 1) == [.selectTab(scene: "main", tab: "home"),
                                        .start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s9"])])
        #expect(ready.state(of: "e-1") == .queued)
        #expect(h.drained(1).state(of: "e-1") == .done)
    }

    @Test func aLaunchWithAnUnknownActionIsRefusedAndTheSceneConnects() {
        var h = Harness()
        let effects = h.step(1, scene("main", .connect(launch: .url("app://invite/s9"), launchAction: "join")))
        guard case .success(.connected(let setup))? = effects.results(to: 1).first, let error = setup.launchRefusal else {
            Issue.record("expected the launch refused, got \(effects.results(to: 1))")
            return
        }
        #expect(error.message.contains("\"join\"") && error.message.contains("accept"))
        #expect(h.status.scenes.map(\.scene) == ["main"] && h.status.pending.isEmpty)
    }

    /// What the user tapped is what they see: a same-kind entry that arrives during start-up queues
    /// behind the launch entry instead of replacing it.
    @Test func aLaunchEntryIsNeverReplacedByALaterEntryOfItsKind() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://invite/tapped"))))
        let later = h.step(9, push("invite", "later"))
        #expect(later.entryReplies.map(\.state) == [.pending])
        #expect(h.stored["e-1"]?.state == .pending)
        h.step(1, scene("main", .appeared(screen: "home")))
        let shown = h.step(1, scene("main", .gate("signedIn", open: true)))
        #expect(shown.presents.map(\.entry) == ["e-1"])
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(h.status.scenes.first?.active?.entry == "e-2")
    }
}

/// A scene that knows its app: `scene.connect` says what home, tabs and gates are, and
/// `scene.appeared` whether the scene is ready and what it still waits for.
@Suite struct RouterSceneSetupTests {
    @Test func theConnectReplyCarriesHomeTabsAndGates() {
        var h = Harness()
        let reply = h.step(1, scene("main", .connect(launch: nil))).results(to: 1)
        #expect(reply == [.success(.connected(SceneSetup(home: "home", tabs: ["home", "records", "mypage"],
                                                         gates: ["signedIn"])))])
    }

    @Test func theAppearedReplySaysWhatTheSceneWaitsFor() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: nil)))
        #expect(h.step(1, scene("main", .appeared(screen: "records"))).results(to: 1)
            == [.success(.appeared(SceneReadiness(ready: false, home: "home", closedGates: ["signedIn"])))])
        h.step(1, scene("main", .gate("signedIn", open: true)))
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).results(to: 1)
            == [.success(.appeared(SceneReadiness(ready: true, home: "home", closedGates: [])))])
    }

    @Test func theRepliesAreEncodedForAScene() {
        var line: [UInt8] = []
        Message.reply(Reply(req: .number(1), body: .success(.appeared(
            SceneReadiness(ready: false, home: "feed", closedGates: ["signedIn", "onboarded"]))))).encode(into: &line)
        #expect(String(decoding: line, as: UTF8.self)
            == #"{"req":1,"ok":true,"ready":false,"home":"feed","closedGates":["signedIn","onboarded"]}"# + "\n")
        line = []
        Message.reply(Reply(req: .number(2), body: .success(.connected(SceneSetup(
            home: "feed", tabs: ["feed", "me"], gates: [], launchRefusal: WireError(.noRoute, "launch: no")))))).encode(into: &line)
        #expect(String(decoding: line, as: UTF8.self) == #"{"req":2,"ok":true,"home":"feed","tabs":["feed","me"],"gates":[],"#
            + #""launch":{"ok":false,"error":{"code":"no_route","message":"launch: no"}}}"# + "\n")
    }
}
