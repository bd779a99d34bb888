import EntryRouter

/// A scene that never reads beside everyone else (docs/PROTOCOL.md, "Hostile and stuck peers"), in
/// process: a ready scene holds N unread shows (its connection never reports a drain), then 1 000
/// opens arrive from another connection, one a turn, and only those turns are timed. The ratio is to
/// the same opens with no backlog, measured in the same run: what a stuck scene's backlog costs
/// every other client (the goal is within 2×).
///
/// `STUCK_BACKLOG` (a comma-separated list of counts, "40000") and `STUCK_OPENS` (1 000).
enum StuckSceneBench {
    static let backlogs = HandoffBench.environment("STUCK_BACKLOG")
        .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [10_000, 40_000]
    static let opens = HandoffBench.environment("STUCK_OPENS").flatMap { Int($0) } ?? 1_000

    static let scene = ConnectionID(1)
    static let sender = ConnectionID(2)
    static let other = ConnectionID(3)

    static func run() {
        print("stuck: in-process router, \(opens) opens one a turn beside a scene that never reads; wall ms (median of 5), load \(RoutingBench.loadAverage())")
        print(RoutingBench.pad("unread shows", 14) + RoutingBench.pad("\(opens) opens ms", 18) + "ratio to none")
        let none = median { timedOpens(backlog: 0) }
        print(RoutingBench.pad("0", 14) + RoutingBench.pad(RoutingBench.fixed(none, 2), 18) + "1.00×")
        for backlog in backlogs {
            let beside = median { timedOpens(backlog: backlog) }
            print(RoutingBench.pad("\(backlog)", 14) + RoutingBench.pad(RoutingBench.fixed(beside, 2), 18)
                  + RoutingBench.fixed(beside / none, 2) + "×")
        }
    }

    static func median(_ run: () -> Double) -> Double {
        let times = (0..<5).map { _ in run() }.sorted()
        return times[2]
    }

    /// Milliseconds for the timed opens beside a ready, signed-in scene holding `backlog` shows.
    static func timedOpens(backlog: Int) -> Double {
        var driver = HandoffBench.Driver(config: HandoffBench.sampleConfig())
        driver.turn([(scene, #"{"op":"scene.connect","scene":"main"}"#),
                     (scene, #"{"op":"scene.appeared","scene":"main","screen":"home"}"#),
                     (scene, #"{"op":"scene.gate","scene":"main","gate":"signedIn","open":true}"#)])
        var batch: [(ConnectionID, String)] = []
        for i in 0..<backlog {
            batch.append((sender, #"{"op":"open","url":"materunner://records/\#(i)"}"#))
            if batch.count == 500 {
                driver.turn(batch)
                batch = []
            }
        }
        if !batch.isEmpty { driver.turn(batch) }
        let lines = (0..<opens).map { #"{"op":"open","url":"materunner://records/\#(backlog + $0)"}"# }
        let clock = ContinuousClock()
        let start = clock.now
        for line in lines { driver.turn([(other, line)]) }
        return RoutingBench.milliseconds(clock.now - start)
    }
}
