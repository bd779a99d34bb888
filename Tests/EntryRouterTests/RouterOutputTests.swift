import Testing
@testable import EntryRouter

/// A turn ended into a `TurnResult` (`enqueue` and `endTurn`, the daemon's path) is the turn that
/// `handle(_:at:)` returns as effects: the same records, replies, events, closes and timers in the
/// same order, for persisting routers and for ones that keep nothing, with one result passed from
/// turn to turn as the daemon passes it.
@Suite struct RouterOutputTests {
    /// Two routers alike, one answering with effects and one ending its turns into a kept result.
    struct Pair {
        var effects: Harness
        var output: Harness
        var result = TurnResult()
        var nextReq = 1

        init(persisting: Bool) {
            effects = Harness(persisting: persisting)
            output = Harness(persisting: persisting)
        }

        /// Feeds `input` to both; records an issue and returns false when they differ.
        mutating func input(_ input: Input, _ context: String) -> Bool {
            let expected = effects.router.handle(input, at: effects.now)
            let end: TurnEnd
            switch input {
            case .request, .invalid, .disconnected, .drained:
                output.router.enqueue(input, at: output.now)
                guard expected.isEmpty else {
                    Issue.record("\(context): an input that joins the turn yields \(expected)")
                    return false
                }
                return true
            case .turnEnded: end = .turnEnded
            case .timer: end = .timer
            case .shutdown: end = .shutdown
            }
            result.clear()
            output.router.endTurn(end, at: output.now, into: &result)
            let got = result.effects
            guard got == expected else {
                Issue.record("\(context): \(got) != \(expected)")
                return false
            }
            return true
        }

        mutating func send(_ connection: UInt64, _ op: Operation, _ context: String) -> Bool {
            defer { nextReq += 1 }
            return input(.request(ConnectionID(connection), Request(req: .number(Double(nextReq)), op: op)), context)
        }

        mutating func advance(seconds: Int64) {
            effects.advance(seconds: seconds)
            output.advance(seconds: seconds)
        }
    }

    @Test(arguments: RouterPersistingTests.scenarios, [true, false])
    func sameOutputOnScenarios(_ scenario: RouterPersistingTests.Scenario, persisting: Bool) {
        var pair = Pair(persisting: persisting)
        var handedOver = 0
        for (index, step) in scenario.steps.enumerated() {
            let context = "step \(index)"
            let ok: Bool
            switch step {
            case .send(let connection, let op): ok = pair.send(connection, op, context)
            case .input(let input): ok = pair.input(input, context)
            case .advance(let seconds): pair.advance(seconds: seconds); ok = true
            case .endTurn: ok = pair.input(.turnEnded, context)
            }
            guard ok else { return }
            handedOver += 1
        }
        #expect(handedOver == scenario.steps.count)
        #expect(pair.output.status == pair.effects.status)
    }

    /// Random interleavings from the model test's generator, fed alike to both routers.
    @Test(arguments: 0..<4, [true, false])
    func sameOutputOnRandomInterleavings(batch: Int, persisting: Bool) {
        for seed in UInt64(batch * 10)..<UInt64(batch * 10 + 10) {
            var generator = ModelGenerator(seed: seed + 2_000)
            var model = SceneModel()
            var pair = Pair(persisting: persisting)
            for turn in 0..<40 {
                var inputs: [Input] = []
                for _ in 0...generator.random.below(3) {
                    let input = generator.input(model: model, now: pair.effects.now)
                    model.apply(input)
                    inputs.append(input)
                }
                inputs.append(generator.random.chance(10) ? .timer : .turnEnded)
                for input in inputs {
                    guard pair.input(input, "seed \(seed), turn \(turn)") else { return }
                }
                pair.advance(seconds: Int64(generator.random.below(4)))
            }
            #expect(pair.output.status == pair.effects.status, "seed \(seed)")
        }
    }

    /// Recovery's records and timer come with the first turn's end when the caller did not recover
    /// first, before the turn's own.
    @Test func recoveryIsHandedBackWithTheFirstTurn() {
        let received = Instant(seconds: 999_000)
        let records = [
            EntryRecord(id: "e-1", source: .push, route: "removedRoute", params: [:], collapseId: nil, kind: nil,
                        priority: nil, identity: nil, received: received, expires: nil, state: .pending, scene: nil),
            EntryRecord(id: "e-2", source: .deeplink, route: "notice", params: ["arg": "b"], collapseId: "c",
                        kind: "serviceNotice", priority: 4, identity: nil, received: received,
                        expires: Instant(seconds: 1_000_100), state: .queued, scene: "main"),
        ]
        var recovering = Harness(restoring: records)
        var handed = Harness(restoring: records)
        let recovered = recovering.router.recover(at: recovering.now)
        let status = recovering.router.handle(.request(ConnectionID(2), Request(req: .number(1), op: .status(limit: 5))),
                                              at: recovering.now)
        let turn = recovering.router.handle(.turnEnded, at: recovering.now)
        handed.router.enqueue(.request(ConnectionID(2), Request(req: .number(1), op: .status(limit: 5))), at: handed.now)
        var result = TurnResult()
        handed.router.endTurn(.turnEnded, at: handed.now, into: &result)
        #expect(!recovered.isEmpty)
        #expect(status.isEmpty)
        #expect(result.effects == recovered.filter(\.isPersist) + turn.filter { !$0.isPersist } + recovered.filter { !$0.isPersist })
    }
}

extension Effect {
    var isPersist: Bool {
        if case .persist = self { true } else { false }
    }
}
