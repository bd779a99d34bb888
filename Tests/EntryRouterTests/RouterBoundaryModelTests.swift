import SeededRandom
import Testing
@testable import EntryRouter

/// The promise across restarts and reconnects (docs/PROTOCOL.md, across restarts), walked at random: op streams of arrivals,
/// retractions, scene ops, accepts, resets, disconnects and takeovers, with a kill and restart on the
/// stored state inserted anywhere. After every turn `ModelChecker`'s invariants hold and `BoundaryLedger`
/// checks what crosses boundaries; at the end the scenes come back and take everything, and then every
/// accepted entry has ended, none was acknowledged twice, every accepted run started, and no id was
/// issued twice.
@Suite struct RouterBoundaryModelTests {
    @Test(arguments: 0..<8)
    func thePromiseHoldsAcrossRestartsAndReconnects(batch: Int) {
        for seed in UInt64(1_000 + batch * 25)..<UInt64(1_000 + batch * 25 + 25) {
            if let failure = Self.run(seed: seed, turns: 60) {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    static func run(seed: UInt64, turns: Int) -> String? {
        var walk = ModelWalk(seed: seed)
        var ledger = BoundaryLedger()
        if let failure = walk.walk(turns: turns, restartOdds: 8, next: boundaryInput, restarted: { ledger.restarted() },
                                   handedIn: { ledger.note($0) }, check: { ledger.check($0, router: $1) }) {
            return failure
        }
        if walk.generator.random.chance(50) {
            walk.harness = walk.harness.restarted()
            ledger.restarted()
        }
        let drained = drain(&walk.harness, ledger: &ledger)
        return drained.isEmpty ? nil : "after the drain: " + drained.joined(separator: "; ")
    }

    /// Mostly `ModelGenerator`'s inputs; more often an accept on the active modal, a disconnect or a
    /// takeover, the boundaries this test is about.
    static func boundaryInput(_ generator: inout ModelGenerator, _ model: SceneModel, _ now: Instant) -> Input {
        let name = generator.random.pick(ModelGenerator.sceneNames)
        if let connection = model.connection[name] {
            switch generator.random.below(100) {
            case 0..<8:
                if let modal = model.active[name]?.modal {
                    // Tagged, so that the ledger finds this accept's own reply.
                    let req = RequestTag.string("accept-\(generator.random.below(1 << 30))")
                    return .request(ConnectionID(connection),
                                    Request(req: req, op: .scene(name: name, .action(modal: modal, action: "accept"))))
                }
            case 8..<12:
                return .disconnected(ConnectionID(connection))
            default:
                break
            }
        }
        return generator.input(model: model, now: now)
    }

    /// Every scene comes back ready and signed in, and acknowledges and dismisses whatever it is
    /// shown until nothing is left; then checks what must hold at the end.
    static func drain(_ harness: inout Harness, ledger: inout BoundaryLedger) -> [String] {
        var problems: [String] = []
        var connection: UInt64 = 10_000
        var scenes: [String: UInt64] = [:]
        for name in ModelGenerator.sceneNames {
            connection += 1
            scenes[name] = connection
            for op: SceneOp in [.connect(launch: nil), .busy(false), .appeared(screen: "home"), .gate("signedIn", open: true)] {
                problems += ledger.check(harness.step(connection, scene(name, op)), router: harness.router)
            }
        }
        // The scenes' connections write what they are sent until nothing is left in flight, and
        // acknowledge and dismiss every modal (whose accepted steps then go out too).
        for _ in 0..<400 {
            if let name = harness.router.scenes.first(where: { !$0.value.outbox.inFlight.isEmpty })?.key,
               let owner = scenes[name] {
                problems += ledger.check(harness.drained(owner), router: harness.router)
                continue
            }
            guard let (name, slot) = harness.router.scenes.first(where: { $0.value.slot != nil })
                .map({ ($0.key, $0.value.slot!) }), let owner = scenes[name] else { break }
            if slot.phase == .presenting {
                problems += ledger.check(harness.step(owner, scene(name, .presented(modal: slot.modal))), router: harness.router)
            }
            problems += ledger.check(harness.step(owner, scene(name, .dismissed(modal: slot.modal))), router: harness.router)
        }
        let counts = harness.status.counts
        for state in [EntryState.pending, .queued, .presenting, .presented] where counts[state] != 0 {
            problems.append("\(counts[state] ?? 0) entries still \(state)")
        }
        if !harness.router.runs.isEmpty { problems.append("runs left: \(harness.router.runs.map(\.id))") }
        for (id, record) in harness.stored where record.isLive { problems.append("\(id) still stored as \(record.state)") }
        return problems + ledger.finalProblems(stored: harness.stored)
    }
}

/// What crosses boundaries: ids issued, acknowledgements, accepted runs.
struct BoundaryLedger {
    var modalIds: Set<String> = []
    var screenIds: Set<String> = []
    /// Entries acknowledged (presenting → presented), with how many times.
    var acknowledged: [String: Int] = [:]
    /// Entries whose accept was answered `ok`, and whether their run started since.
    var accepted: [String: Bool] = [:]
    /// The entry each modal id showed, and its params, to tell whose accept an `ok` answered and
    /// whose run a `start` is.
    var modalEntry: [String: (entry: String, params: RouteParams)] = [:]
    var acceptedParams: [String: RouteParams] = [:]
    /// Tagged accepts handed in this turn: their req and modal.
    private var pendingAccepts: [(req: RequestTag, modal: String)] = []
    private var lastState: [String: EntryState] = [:]

    mutating func restarted() { pendingAccepts = [] }

    mutating func note(_ input: Input) {
        guard case .request(_, let request) = input, let req = request.req,
              case .scene(_, .action(let modal, "accept")) = request.op else { return }
        pendingAccepts.append((req, modal))
    }

    mutating func check(_ effects: [Effect], router: Router) -> [String] {
        var problems: [String] = []
        for record in effects.records {
            if lastState[record.id] == .presenting, record.state == .presented {
                acknowledged[record.id, default: 0] += 1
                if acknowledged[record.id]! > 1 { problems.append("\(record.id) acknowledged twice") }
            }
            lastState[record.id] = record.state
        }
        let replies = effects.compactMap { effect -> Reply? in
            if case .send(_, .reply(let reply)) = effect { return reply } else { return nil }
        }
        for effect in effects {
            guard case .send(_, .event(let event)) = effect else { continue }
            switch event {
            case .present(_, let modal, _, _, let entry, let params):
                if !modalIds.insert(modal).inserted { problems.append("modal id \(modal) issued twice") }
                modalEntry[modal] = (entry, params)
            case .show(_, let screen, _, _, _, _, _, _, _):
                if !screenIds.insert(screen).inserted { problems.append("screen id \(screen) issued twice") }
            case .start(_, "run", _, let params, _):
                // A withdrawn run never starts: a start with its params is another entry's.
                if let id = accepted.keys.sorted().first(where: {
                    accepted[$0] == false && acceptedParams[$0] == params && lastState[$0] != .retracted
                }) {
                    accepted[id] = true
                }
            default: break
            }
        }
        // An accept answered `ok` names the entry shown under its modal id.
        for accept in pendingAccepts {
            guard let reply = replies.first(where: { $0.req == accept.req }) else { continue }
            if case .success = reply.body, let shown = modalEntry[accept.modal], accepted[shown.entry] == nil {
                accepted[shown.entry] = effects.contains { if case .send(_, .event(.start)) = $0 { true } else { false } }
                acceptedParams[shown.entry] = shown.params
            }
        }
        pendingAccepts = []
        let held = router.scenes.values.compactMap(\.slot?.entry)
        let outbox = router.scenes.values.flatMap { Array($0.outbox.inFlight) + Array($0.outbox.unsent) }
        let presentedHeld = (held + router.runs + outbox).filter { $0.state == .presented }.count
        if router.counts[.presented] != presentedHeld {
            problems.append("counts say \(router.counts[.presented]) presented, \(presentedHeld) held")
        }
        if router.counts[.presenting] != held.filter({ $0.state == .presenting }).count {
            problems.append("counts say \(router.counts[.presenting]) presenting, slots hold otherwise")
        }
        return problems
    }

    /// Every accepted run started, or its entry was withdrawn before it could.
    func finalProblems(stored: [String: EntryRecord]) -> [String] {
        accepted.filter { !$0.value && stored[$0.key]?.state != .retracted }.keys.sorted()
            .map { "\($0) was accepted but its run never started (\(stored[$0]?.state.rawValue ?? "?"))" }
    }
}
