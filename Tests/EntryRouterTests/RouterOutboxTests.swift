import Testing
@testable import EntryRouter

/// Every step an entry sends a scene beside its modal leaves through the scene's outbox and is
/// finished only once written (docs/PROTOCOL.md, "Every step reaches the app"): one table over every kind
/// of step, cut by a disconnect or a restart between the send and the write.
@Suite struct RouterOutboxTests {
    /// One kind of step, how to get a ready signed-in scene on connection 1 to the turn that sends it,
    /// and the event that is the step.
    struct StepKind: CustomTestStringConvertible, Sendable {
        let name: String
        let send: @Sendable (inout Harness) -> [Effect]
        let isStep: @Sendable (Event) -> Bool
        var testDescription: String { name }
    }

    static let kinds: [StepKind] = [
        StepKind(name: "show", send: { h in h.step(9, open("app://record/7")) },
                 isStep: { if case .show(_, _, "recordDetail", _, "e-1", _, _, _, _) = $0 { true } else { false } }),
        StepKind(name: "tab", send: { h in h.step(9, open("app://records")) },
                 isStep: { if case .selectTab(_, "records", _) = $0 { true } else { false } }),
        StepKind(name: "accepted action", send: { h in
            h.step(9, push("invite", "s1"))
            h.step(1, scene("main", .presented(modal: "m-1")))
            h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
            return h.step(1, scene("main", .dismissed(modal: "m-1")))
        }, isStep: { if case .start(_, "run", "e-1", _, _) = $0 { true } else { false } }),
    ]

    /// A ready, signed-in scene on connection 1, on the records tab (so that a step's tab switch shows).
    static func ready() -> Harness {
        var h = Harness()
        h.ready(signedIn: true)
        h.step(1, scene("main", .appeared(screen: "mypage")))
        return h
    }

    @Test(arguments: kinds)
    func aStepIsFinishedOnlyOnceWritten(kind: StepKind) {
        var h = Self.ready()
        let sent = kind.send(&h)
        #expect(sent.events(to: 1).contains(where: kind.isStep))
        #expect(h.stored["e-1"]?.isLive == true, "sent is not written: the store keeps the entry")
        let written = h.drained(1)
        #expect(written.state(of: "e-1") == .done)
        #expect(h.stored["e-1"]?.isLive == false)
    }

    @Test(arguments: kinds, [false, true])
    func aStepNotYetWrittenReachesTheNextSceneOfThatName(kind: StepKind, restart: Bool) {
        var h = Self.ready()
        #expect(kind.send(&h).events(to: 1).contains(where: kind.isStep))
        if restart {
            h = h.restarted()
        } else {
            _ = h.input(.disconnected(ConnectionID(1)))
            _ = h.endTurn()
        }
        let again = h.ready("main", on: 2, signedIn: true)
        #expect(again.events(to: 2).filter(kind.isStep).count == 1, "the step comes again, once")
        #expect(again.presents.isEmpty, "a consumed modal is never presented again")
        h.drained(2)
        #expect(h.stored["e-1"]?.isLive == false)
        #expect(h.status.counts[.presented] == 0 && h.status.counts[.queued] == 0)
    }

    /// The reset case of seed 002: the scene acknowledged the dismissal and its connection went in the
    /// same turn, before `start` could be sent: the scene that comes back gets it.
    @Test func aDismissalAndADisconnectInOneTurnStillStartTheRun() {
        var h = Self.ready()
        h.step(9, push("invite", "s1"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        h.send(1, scene("main", .dismissed(modal: "m-1")))
        let gone = h.input(.disconnected(ConnectionID(1))) + h.endTurn()
        #expect(gone.events(to: 1).isEmpty)
        #expect(h.stored["e-1"]?.steps == [.selectTab("home"), .start(flow: "run")])
        let back = h.ready("main", on: 2, signedIn: true)
        #expect(back.events(to: 2).contains(.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])))
    }

    /// An accepted action's steps behind a hand-over wait their turn in the outbox, and while they
    /// wait they neither expire nor are replaced by a newer modal of their kind: the modal was consumed.
    @Test func anAcceptedRunWaitingBehindShowsIsNeitherExpiredNorReplaced() {
        var h = Harness(limits: RouterLimits(maxShowsInFlight: 1))
        h.ready(signedIn: true)
        h.step(9, push("invite", "s1"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(1, scene("main", .action(modal: "m-1", action: "accept")))
        h.step(9, open("app://record/1"))
        h.step(9, open("app://record/2"))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        h.advance(seconds: 3600)
        h.step(9, push("invite", "s2"))
        var starts: [Event] = []
        for _ in 0..<4 { starts += h.drained(1).events(to: 1).filter { if case .start = $0 { true } else { false } } }
        #expect(starts == [.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "s1"])])
        #expect(h.stored["e-1"]?.isLive == false)
    }

    /// Every finished entry leaves the store, whatever its source: a launch's action withdrawn by a
    /// reset, or expired before a scene could take it.
    @Test(arguments: ["reset", "expiry"])
    func aLaunchActionThatNeverRanLeavesTheStore(ending: String) {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://invite/s9"), launchAction: "accept")))
        #expect(h.stored["e-1"]?.isLive == true)
        if ending == "reset" {
            h.step(1, scene("main", .reset))
        } else {
            h.advance(seconds: 301)
            _ = h.input(.timer)
        }
        #expect(h.stored["e-1"]?.state == (ending == "reset" ? .retracted : .expired))
        #expect(h.stored["e-1"]?.steps == [])
        #expect(h.stored["e-1"]?.isLive == false)
    }

    /// A record in a final state is never kept, whatever steps it carries (a store written by an
    /// earlier build may hold such a row).
    @Test(arguments: EntryState.allCases)
    func aFinalRecordIsNeverLive(state: EntryState) {
        let record = EntryRecord(id: "e-1", source: .launch, route: "invitation", params: [:], collapseId: nil,
                                 kind: "invitation", priority: 2, identity: nil, received: Instant(seconds: 1),
                                 expires: nil, state: state, scene: nil, steps: [.start(flow: "run")])
        #expect(record.isLive == !state.isFinal)
    }
}
