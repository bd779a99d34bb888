import Testing
@testable import EntryRouter

/// Randomized interleavings of arrivals, scene ops, disconnects, resets, gate changes, clock
/// advances and restarts, with the invariants of `ModelChecker` checked after every turn.
@Suite struct RouterModelTests {
    @Test(arguments: 0..<8)
    func invariantsHoldAcrossRandomInterleavings(batch: Int) {
        for seed in UInt64(batch * 20)..<UInt64(batch * 20 + 20) {
            if let failure = Self.run(seed: seed, turns: 50) {
                Issue.record("seed \(seed): \(failure)")
                return
            }
        }
    }

    /// Runs one seed; returns the first broken invariant with the turn it broke in.
    static func run(seed: UInt64, turns: Int) -> String? {
        var generator = ModelGenerator(seed: seed)
        var harness = Harness()
        var checker = ModelChecker()
        for turn in 0..<turns {
            if generator.random.chance(2) {
                harness = harness.restarted()
                checker.model = SceneModel()
            }
            var effects: [Effect] = []
            for _ in 0...generator.random.below(3) {
                let input = generator.input(model: checker.model, now: harness.now)
                checker.model.apply(input)
                effects += harness.input(input)
            }
            harness.advance(seconds: Int64(generator.random.below(4)))
            effects += harness.input(generator.random.chance(10) ? .timer : .turnEnded)
            let problems = checker.check(effects, router: harness.router, now: harness.now)
            if !problems.isEmpty { return "turn \(turn): " + problems.joined(separator: "; ") }
        }
        return nil
    }
}
