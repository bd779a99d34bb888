@testable import EntryRouter

/// The turn loop the model tests share: each turn, with odds 1 in `restartOdds`, the router first
/// restarts on what its store kept; then one to three inputs from `next` are handed in and followed
/// by the model, the clock moves on, and the turn ends (sometimes by a timer). After every turn
/// `ModelChecker`'s invariants, and a test's own `check`, must hold.
struct ModelWalk {
    var generator: ModelGenerator
    var harness = Harness()
    var checker = ModelChecker()

    init(seed: UInt64) { generator = ModelGenerator(seed: seed) }

    /// Walks `turns` turns; the first broken invariant with the turn it broke in, or nil.
    /// `restarted` and `handedIn` tell a test's own bookkeeping what happened.
    mutating func walk(turns: Int, restartOdds: Int,
                       next: (inout ModelGenerator, SceneModel, Instant) -> Input,
                       restarted: () -> Void = {}, handedIn: (Input) -> Void = { _ in },
                       check: ([Effect], Router) -> [String] = { _, _ in [] }) -> String? {
        for turn in 0..<turns {
            if generator.random.chance(restartOdds) {
                harness = harness.restarted()
                checker.model = SceneModel()
                restarted()
            }
            var effects: [Effect] = []
            for _ in 0...generator.random.below(3) {
                let input = next(&generator, checker.model, harness.now)
                checker.model.apply(input)
                handedIn(input)
                effects += harness.input(input)
            }
            harness.advance(seconds: Int64(generator.random.below(4)))
            effects += harness.input(generator.random.chance(10) ? .timer : .turnEnded)
            let problems = checker.check(effects, router: harness.router, now: harness.now)
                + check(effects, harness.router)
            if !problems.isEmpty { return "turn \(turn): " + problems.joined(separator: "; ") }
        }
        return nil
    }
}
