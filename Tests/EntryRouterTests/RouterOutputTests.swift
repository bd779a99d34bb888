import Testing
@testable import EntryRouter

/// A turn handed to a `TurnOutput` (`handle(_:at:into:)`, the daemon's path) is the turn that
/// `handle(_:at:)` returns as effects: the same records, replies, events, closes and timers in the
/// same order, input by input, for persisting routers and for ones that keep nothing; and each turn
/// reaches the receiver in the order the daemon relies on (records, then messages, then closes,
/// then a timer).
@Suite struct RouterOutputTests {
    /// Keeps what it is handed, in its own way (not `EffectList`), and notes each call's kind.
    struct Recorder: TurnOutput {
        var effects: [Effect] = []
        var kinds: [Int] = []

        /// Takes the records as the daemon's writer does, by swapping in an array of its own: the
        /// router must neither hand them over again nor lose any.
        mutating func persist(_ records: inout [Record]) {
            var taken: [Record] = []
            swap(&taken, &records)
            for record in taken {
                kinds.append(0)
                effects.append(.persist(record))
            }
        }

        mutating func send(_ connection: ConnectionID, reply: inout Reply) {
            kinds.append(1)
            effects.append(.send(connection, .reply(reply)))
        }

        mutating func send(_ connection: ConnectionID, event: inout Event) {
            kinds.append(1)
            effects.append(.send(connection, .event(event)))
        }

        mutating func close(_ connection: ConnectionID) {
            kinds.append(2)
            effects.append(.close(connection))
        }

        mutating func armTimer(_ instant: Instant) {
            kinds.append(3)
            effects.append(.armTimer(instant))
        }

        mutating func dedupeKeysEvicted(_ count: Int) {
            kinds.append(4)
            effects.append(.dedupeKeysEvicted(count))
        }
    }

    /// Two routers alike, one answering with effects and one handing its turns to a `Recorder`.
    struct Pair {
        var effects: Harness
        var output: Harness
        var nextReq = 1

        init(persisting: Bool) {
            effects = Harness(persisting: persisting)
            output = Harness(persisting: persisting)
        }

        /// Feeds `input` to both; records an issue and returns false when they differ.
        mutating func input(_ input: Input, _ context: String) -> Bool {
            let expected = effects.router.handle(input, at: effects.now)
            var recorder = Recorder()
            output.router.handle(input, at: output.now, into: &recorder)
            guard recorder.effects == expected else {
                Issue.record("\(context): \(recorder.effects) != \(expected)")
                return false
            }
            guard RouterOutputTests.isInTurnOrder(recorder.kinds) else {
                Issue.record("\(context): calls out of order \(recorder.kinds)")
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

    /// A recovered router fed the inputs that join a turn with `enqueue` (the daemon's path) ends each
    /// turn as one fed them with `handle`.
    @Test(arguments: RouterPersistingTests.scenarios)
    func enqueuedInputsEndTheirTurnAsHandledOnes(_ scenario: RouterPersistingTests.Scenario) {
        var handled = Harness()
        var enqueued = Harness()
        let recovered = enqueued.router.recover(at: enqueued.now)
        var first = true
        var nextReq = 1
        for (index, step) in scenario.steps.enumerated() {
            var input: Input
            switch step {
            case .send(let connection, let op):
                input = .request(ConnectionID(connection), Request(req: .number(Double(nextReq)), op: op))
                nextReq += 1
            case .input(let given): input = given
            case .advance(let seconds):
                handled.advance(seconds: seconds)
                enqueued.advance(seconds: seconds)
                continue
            case .endTurn: input = .turnEnded
            }
            var expected = handled.router.handle(input, at: handled.now)
            if first {
                #expect(Array(expected.prefix(recovered.count)) == recovered, "step \(index): the recovery")
                expected.removeFirst(min(recovered.count, expected.count))
                first = false
            }
            switch input {
            case .request, .invalid, .disconnected, .drained:
                enqueued.router.enqueue(input, at: enqueued.now)
                #expect(expected.isEmpty, "step \(index): an input that joins the turn yields nothing")
            case .turnEnded, .timer, .shutdown:
                #expect(enqueued.router.handle(input, at: enqueued.now) == expected, "step \(index)")
            }
        }
        #expect(enqueued.status == handled.status)
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

    /// Recovery's records and timer reach the receiver as `recover(at:)` returns them, with the
    /// first `handle` when the caller did not recover first.
    @Test func recoveryIsHandedOverWithTheFirstInput() {
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
        var recorder = Recorder()
        handed.router.handle(.request(ConnectionID(2), Request(req: .number(1), op: .status(limit: 5))),
                             at: handed.now, into: &recorder)
        #expect(!recovered.isEmpty)
        #expect(recorder.effects == recovered)
        #expect(recorder.kinds.first == 0)
    }

    /// The kinds of one call's output (0 persist, 1 send, 2 close, 3 timer): one turn's, or a
    /// recovery's followed by a turn's, each in non-decreasing order with at most one timer.
    static func isInTurnOrder(_ kinds: [Int]) -> Bool {
        var runs: [[Int]] = [[]]
        for kind in kinds {
            if let last = runs[runs.count - 1].last, kind < last { runs.append([]) }
            runs[runs.count - 1].append(kind)
        }
        return runs.count <= 2 && runs.allSatisfy { run in run.filter { $0 == 3 }.count <= 1 }
    }

    @Test func turnOrderCheckRefusesWhatTheDaemonCouldNotPerform() {
        #expect(Self.isInTurnOrder([]))
        #expect(Self.isInTurnOrder([0, 0, 1, 1, 2, 3]))
        #expect(Self.isInTurnOrder([0, 3, 0, 1, 3]))
        #expect(!Self.isInTurnOrder([0, 1, 0, 1, 0]))
        #expect(!Self.isInTurnOrder([1, 3, 3]))
    }
}
