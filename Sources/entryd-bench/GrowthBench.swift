import EntryRouter

/// The longest turns while the dedupe window grows (R18), in process: the bench's push line with a
/// distinct id every time, 16 per turn, as the daemon's 16-connection row sends them, each turn
/// timed from its first request to its encoded replies. Every id stays in the window for 24 h, so
/// the window's tables grow the whole run; a turn that has to grow one all at once shows as a long
/// turn at the count where it happened.
///
/// `GROWTH_PUSHES` (2 000 000) sets the run's length.
enum GrowthBench {
    static let pushes = HandoffBench.environment("GROWTH_PUSHES").flatMap { Int($0) } ?? 2_000_000
    static let perTurn = 16

    static func run() {
        var driver = HandoffBench.Driver(config: HandoffBench.sampleConfig())
        let sender = ConnectionID(1)
        let clock = ContinuousClock()
        var turns: [(ms: Double, pushed: Int)] = []
        turns.reserveCapacity(pushes / perTurn)
        var batch: [(ConnectionID, String)] = []
        var pushed = 0
        while pushed < pushes {
            batch.removeAll(keepingCapacity: true)
            for _ in 0..<perTurn {
                batch.append((sender, #"{"op":"push","req":\#(pushed),"id":"c\#(pushed)","collapseId":"conn-0","payload":{"type":"serviceNotice","noticeId":"n"}}"#))
                pushed += 1
            }
            let start = clock.now
            driver.turn(batch)
            turns.append((RoutingBench.milliseconds(clock.now - start), pushed))
        }
        let sorted = turns.map(\.ms).sorted()
        let slowest = turns.sorted { $0.ms > $1.ms }.prefix(5)
        print("growth: \(pushes) pushes with distinct ids, \(perTurn) per turn, in process; wall ms per turn, load \(RoutingBench.loadAverage())")
        print("turn p50 \(RoutingBench.fixed(sorted[sorted.count / 2], 3)) ms, p99 \(RoutingBench.fixed(sorted[sorted.count * 99 / 100], 3)) ms, "
              + "max \(RoutingBench.fixed(sorted[sorted.count - 1], 2)) ms; turns over 1 ms: \(sorted.filter { $0 > 1 }.count)")
        print("slowest turns (ms at ids held): " + slowest.map { "\(RoutingBench.fixed($0.ms, 2)) at \($0.pushed)" }.joined(separator: ", "))
    }
}
