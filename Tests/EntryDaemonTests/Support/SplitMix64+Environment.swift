import Glibc
import SeededRandom

extension SplitMix64 {
    /// The live randomized tests' source: the seed from `ENTRYD_TEST_SEED` (to replay a failing run
    /// exactly), else a fresh one, which the test prints.
    static func fromEnvironment() -> SplitMix64 {
        if let text = getenv("ENTRYD_TEST_SEED").map({ String(cString: $0) }), let seed = UInt64(text) {
            return SplitMix64(seed: seed)
        }
        var system = SystemRandomNumberGenerator()
        return SplitMix64(seed: system.next())
    }
}
