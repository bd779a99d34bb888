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
        var walk = ModelWalk(seed: seed)
        return walk.walk(turns: turns, restartOdds: 2) { generator, model, now in generator.input(model: model, now: now) }
    }
}
