import Testing
@testable import EntryRouter

/// A router told that nothing keeps its records (`persisting: false`, the daemon's `:memory:` store)
/// returns no `persist` effect, and everything else exactly as a persisting router does: the same
/// replies, events, closes and timers in the same order, turn by turn, and the same state after.
@Suite struct RouterPersistingTests {
    /// One step of a scenario: a request in the current turn, a clock advance, or the turn's end.
    enum Step {
        case send(UInt64, Operation)
        case input(Input)
        case advance(seconds: Int64)
        case endTurn
    }

    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [Step]
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "pending pushes, latest-wins by collapseId, a repeated sender id", steps: [
            .send(2, push("notice", "a", id: "p1", collapseId: "c")),
            .send(2, push("record", "7", id: "p2")),
            .endTurn,
            .send(2, push("notice", "b", id: "p3", collapseId: "c")),
            .send(2, push("notice", "b", id: "p1")),
            .send(3, .status(limit: 10)),
            .endTurn,
        ]),
        Scenario(name: "a ready scene: present, acknowledge, act, show", steps: [
            .send(1, scene("main", .connect(launch: nil))),
            .send(1, scene("main", .appeared(screen: "home"))),
            .send(1, scene("main", .gate("signedIn", open: true))),
            .endTurn,
            .send(2, push("invite", "s1", id: "i1")),
            .send(2, open("app://record/3")),
            .endTurn,
            .send(1, scene("main", .presented(modal: "m-1"))),
            .endTurn,
            .send(1, scene("main", .action(modal: "m-1", action: "accept"))),
            .endTurn,
            .send(1, scene("main", .dismissed(modal: "m-1"))),
            .endTurn,
        ]),
        Scenario(name: "watchers, retraction, a refused expiration 0, a disconnect", steps: [
            .send(4, .watch),
            .endTurn,
            .send(2, push("update", "u", collapseId: "x")),
            .send(2, push("card", "1", id: "k1")),
            .send(2, open("app://notice/z", expiration: 0)),
            .endTurn,
            .send(2, .retract(.kind("card"))),
            .send(2, .retract(.collapseId("x"))),
            .endTurn,
            .send(1, scene("main", .connect(launch: .url("app://guide/g")))),
            .send(1, scene("main", .appeared(screen: "home"))),
            .send(2, open("app://notice/now", expiration: 0)),
            .endTurn,
            .input(.disconnected(ConnectionID(1))),
            .endTurn,
        ]),
        Scenario(name: "entries expire on the timer; shutdown answers what came before", steps: [
            .send(2, push("short", "x", id: "s1")),
            .send(2, open("app://notice/n", expiration: 1_000_005)),
            .endTurn,
            .advance(seconds: 30),
            .input(.timer),
            .send(2, push("notice", "late")),
            .input(.shutdown),
            .send(2, push("notice", "after")),
            .endTurn,
        ]),
        Scenario(name: "invalid lines and a frame too large", steps: [
            .input(.invalid(ConnectionID(2), req: .number(5), WireError(.badRequest, "not JSON"), close: false)),
            .send(2, push("nowhere")),
            .send(2, push("notice", "kept", id: "v1")),
            .input(.invalid(ConnectionID(3), req: nil, WireError(.frameTooLarge, "long"), close: true)),
            .endTurn,
        ]),
    ]

    @Test(arguments: scenarios)
    func sameEffectsWithoutPersists(_ scenario: Scenario) {
        var persisting = Harness()
        var volatile = Harness(persisting: false)
        var persisted = 0
        for (index, step) in scenario.steps.enumerated() {
            let kept = Self.apply(step, to: &persisting)
            let unkept = Self.apply(step, to: &volatile)
            persisted += kept.count - Self.withoutPersists(kept).count
            #expect(unkept == Self.withoutPersists(kept), "step \(index)")
        }
        #expect(persisted > 0, "the persisting router recorded something")
        #expect(volatile.stored.isEmpty && volatile.storedSeen.isEmpty)
        #expect(volatile.status == persisting.status)
    }

    /// Random interleavings from the model test's generator, fed alike to both routers.
    @Test(arguments: 0..<4)
    func sameEffectsOnRandomInterleavings(batch: Int) {
        for seed in UInt64(batch * 10)..<UInt64(batch * 10 + 10) {
            var generator = ModelGenerator(seed: seed + 1_000)
            var model = SceneModel()
            var persisting = Harness()
            var volatile = Harness(persisting: false)
            for turn in 0..<40 {
                var inputs: [Input] = []
                for _ in 0...generator.random.below(3) {
                    let input = generator.input(model: model, now: persisting.now)
                    model.apply(input)
                    inputs.append(input)
                }
                inputs.append(generator.random.chance(10) ? .timer : .turnEnded)
                let seconds = Int64(generator.random.below(4))
                for input in inputs {
                    let kept = persisting.input(input)
                    let unkept = volatile.input(input)
                    guard unkept == Self.withoutPersists(kept) else {
                        Issue.record("seed \(seed), turn \(turn): \(unkept) != \(Self.withoutPersists(kept))")
                        return
                    }
                }
                persisting.advance(seconds: seconds)
                volatile.advance(seconds: seconds)
            }
            #expect(volatile.stored.isEmpty && volatile.storedSeen.isEmpty)
            #expect(volatile.status == persisting.status, "seed \(seed)")
        }
    }

    /// Recovery too: a restored entry whose route is gone ends `retracted` and one past its expiry
    /// ends `expired`, both persisted only by a persisting router; the timer is the same.
    @Test func recoveryWithoutPersists() {
        let received = Instant(seconds: 999_000)
        let records = [
            EntryRecord(id: "e-1", source: .push, route: "removedRoute", params: [:], collapseId: nil, kind: nil,
                        priority: nil, identity: nil, received: received, expires: nil, state: .pending, scene: nil),
            EntryRecord(id: "e-2", source: .deeplink, route: "notice", params: ["arg": "a"], collapseId: nil,
                        kind: "serviceNotice", priority: 4, identity: nil, received: received,
                        expires: received.adding(seconds: 10), state: .pending, scene: nil),
            EntryRecord(id: "e-3", source: .deeplink, route: "notice", params: ["arg": "b"], collapseId: "c",
                        kind: "serviceNotice", priority: 4, identity: nil, received: received,
                        expires: Instant(seconds: 1_000_100), state: .queued, scene: "main"),
        ]
        var persisting = Harness(restoring: records)
        var volatile = Harness(restoring: records, persisting: false)
        let kept = persisting.router.recover(at: persisting.now)
        let unkept = volatile.router.recover(at: volatile.now)
        #expect(kept.count - Self.withoutPersists(kept).count == 3)
        #expect(unkept == Self.withoutPersists(kept))
        #expect(unkept.contains(.armTimer(Instant(seconds: 1_000_100).adding(milliseconds: 1))))
        #expect(volatile.status == persisting.status)
    }

    private static func apply(_ step: Step, to harness: inout Harness) -> [Effect] {
        switch step {
        case .send(let connection, let op):
            harness.send(connection, op)
            return []
        case .input(let input):
            return harness.input(input)
        case .advance(let seconds):
            harness.advance(seconds: seconds)
            return []
        case .endTurn:
            return harness.endTurn()
        }
    }

    private static func withoutPersists(_ effects: [Effect]) -> [Effect] {
        effects.filter {
            if case .persist = $0 { return false }
            return true
        }
    }
}
