/// A small deterministic random source (SplitMix64), so a randomized test replays exactly from its
/// seed and a benchmark measures the same inputs on every run. Shared by the test targets and
/// `entryd-bench`; the engine and the daemon never use it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The seed it started from, for printing beside a failure.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (a plain modulo: the bias is far below what a test can notice).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
