import Glibc

/// A deterministic random source (SplitMix64) for the live randomized tests: the seed is printed, and
/// `ENTRYD_TEST_SEED` replays a failing run exactly.
struct SeededGenerator: RandomNumberGenerator {
    let seed: UInt64
    private var state: UInt64

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// The seed from `ENTRYD_TEST_SEED`, else a fresh one.
    static func fromEnvironment() -> SeededGenerator {
        if let text = getenv("ENTRYD_TEST_SEED").map({ String(cString: $0) }), let seed = UInt64(text) {
            return SeededGenerator(seed: seed)
        }
        var system = SystemRandomNumberGenerator()
        return SeededGenerator(seed: system.next())
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
