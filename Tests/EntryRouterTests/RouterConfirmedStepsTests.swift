import Testing
@testable import EntryRouter

/// Steps the app confirms (docs/PROTOCOL.md): a scene that connects with `confirms` gets a `step` id
/// on every step event, and an entry's steps are finished only when the app confirms the last one;
/// until then they come again, with the same ids, after a disconnect or a restart. And a discarded
/// scene's due goes to the next ready scene.
@Suite struct RouterConfirmedStepsTests {
    /// Connects scene `name` on `connection`, confirming its steps, and makes home appear.
    @discardableResult
    static func readyConfirming(_ h: inout Harness, _ name: String = "main", on connection: UInt64 = 1) -> [Effect] {
        h.send(connection, .scene(name: name, .connect(launch: nil, confirms: true)))
        h.send(connection, .scene(name: name, .appeared(screen: "home")))
        return h.endTurn()
    }

    /// The step ids of the step events to `connection`, in order.
    static func steps(_ effects: [Effect], to connection: UInt64 = 1) -> [String] {
        effects.events(to: connection).compactMap { event in
            switch event {
            case .selectTab(_, _, let step), .start(_, _, _, _, let step), .show(_, _, _, _, _, _, _, _, let step): step
            default: nil
            }
        }
    }

    @Test func aConfirmingSceneGetsStepIdsAndAWrittenShowIsNotFinished() {
        var h = Harness()
        Self.readyConfirming(&h)
        let opened = h.step(9, open("app://record/7"))
        #expect(Self.steps(opened) == ["e-1/tab", "e-1/show"])
        #expect(h.drained(1).records.isEmpty, "a completed write does not finish a confirmed step")
        #expect(h.stored["e-1"]?.state == .queued)
        let confirmedTab = h.step(1, scene("main", .handled(step: "e-1/tab")))
        #expect(confirmedTab.records.isEmpty, "only the last step of the entry finishes it")
        let confirmed = h.step(1, scene("main", .handled(step: "e-1/show")))
        #expect(confirmed.state(of: "e-1") == .done)
        #expect(h.step(1, scene("main", .handled(step: "e-1/show"))).records.isEmpty, "a repeated confirmation changes nothing")
    }

    /// A scene that does not confirm gets no step ids, and its written steps finish as before.
    @Test func aSceneThatDoesNotConfirmKeepsWriteCompletion() {
        var h = Harness()
        h.ready("main", on: 1)
        let opened = h.step(9, open("app://record/7"))
        #expect(Self.steps(opened).isEmpty)
        #expect(h.drained(1).state(of: "e-1") == .done)
    }

    /// Unconfirmed, a step comes again after a disconnect, to the scene's name, with the same ids;
    /// and after a restart.
    @Test(arguments: [false, true])
    func anUnconfirmedStepComesAgainWithItsIds(restart: Bool) {
        var h = Harness()
        Self.readyConfirming(&h)
        h.step(9, open("app://record/7"))
        h.drained(1)
        if restart {
            h = h.restarted()
        } else {
            h.input(.disconnected(ConnectionID(1)))
            _ = h.endTurn()
            #expect(h.stored["e-1"]?.state == .pending && h.stored["e-1"]?.scene == "main", "owed to the scene's name")
            #expect(Self.steps(h.ready("other", on: 3), to: 3).isEmpty, "another scene does not take what main is owed")
        }
        let again = Self.readyConfirming(&h, on: 2)
        #expect(Self.steps(again, to: 2) == ["e-1/tab", "e-1/show"])
        #expect(h.step(2, scene("main", .handled(step: "e-1/show"))).state(of: "e-1") == .done)
    }

    /// An accepted action's `start` carries its step id and is finished by its confirmation.
    @Test func anAcceptedActionsStartIsConfirmed() throws {
        var h = Harness()
        Self.readyConfirming(&h)
        h.send(1, .scene(name: "main", .gate("signedIn", open: true)))
        let presented = h.step(9, push("invite", "run-1"))
        guard case .present(_, let modal, _, _, _, _)? = presented.events(to: 1).first else {
            Issue.record("no present")
            return
        }
        h.step(1, scene("main", .presented(modal: modal)))
        h.step(1, scene("main", .action(modal: modal, action: "accept")))
        let dismissed = h.step(1, scene("main", .dismissed(modal: modal)))
        let start = dismissed.events(to: 1).compactMap { if case .start(_, "run", "e-1", _, let step) = $0 { step } else { nil } }
        #expect(start == ["e-1/step-1"] && Self.steps(dismissed).last == "e-1/step-1")
        h.drained(1)
        #expect(h.stored["e-1"]?.steps.isEmpty == false, "the steps stay stored until confirmed")
        h.step(1, scene("main", .handled(step: "e-1/step-1")))
        #expect(h.stored["e-1"].map { !$0.isLive } == true)
    }

    /// A discarded scene's owed steps go to the next ready scene, of whatever name.
    @Test func aDiscardedScenesStepsGoToTheNextReadyScene() {
        var h = Harness()
        Self.readyConfirming(&h)
        h.step(9, open("app://record/7"))
        h.input(.disconnected(ConnectionID(1)))
        _ = h.endTurn()
        Self.readyConfirming(&h, "fresh", on: 2)
        let discarded = h.step(3, scene("main", .discarded))
        #expect(discarded.events(to: 2).contains { if case .show(_, _, "recordDetail", _, "e-1", _, _, _, _) = $0 { true } else { false } })
        #expect(Self.steps(discarded, to: 2) == ["e-1/tab", "e-1/show"])
    }

    /// A discarded name that was owed nothing changes nothing, from any connection.
    @Test func discardingAnUnknownSceneIsHarmless() {
        var h = Harness()
        let effects = h.step(5, scene("never", .discarded))
        #expect(effects.records.isEmpty)
        #expect(effects.contains { if case .send(_, .reply(let reply)) = $0 { reply.body == .success(.ok) } else { false } })
    }
}
