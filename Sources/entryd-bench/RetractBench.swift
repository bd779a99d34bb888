import EntryRouter

/// Retraction while many entries wait (R10), in process: N record links wait (a `show` route
/// behind the `signedIn` gate, with no scene: R6 replaces none), then 2 000 turns each retract one of
/// them by id and open a new one, so that N stay pending. Only the retract turns are timed. The same
/// with 2 000 retracts by a collapseId and by a modal kind that no waiting entry has.
///
/// `RETRACT_PENDING` (a comma-separated list of counts, "1000,100000") and `RETRACT_COUNT` (2 000).
enum RetractBench {
    static let pendingCounts = HandoffBench.environment("RETRACT_PENDING")
        .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 100_000]
    static let retracts = HandoffBench.environment("RETRACT_COUNT").flatMap { Int($0) } ?? 2_000

    static func run() {
        print("retract: in-process router, \(retracts) retracts a row, one a turn; wall us per retract turn (median, p99), load \(RoutingBench.loadAverage())")
        print(RoutingBench.pad("pending", 10) + RoutingBench.pad("by id (hit)", 22) + RoutingBench.pad("by collapseId (miss)", 22)
              + "by kind (miss)")
        for count in pendingCounts {
            var driver = HandoffBench.Driver(config: HandoffBench.sampleConfig())
            var batch: [(ConnectionID, String)] = []
            for i in 0..<count {
                batch.append((sender, pending(i)))
                if batch.count == 500 {
                    driver.turn(batch)
                    batch = []
                }
            }
            driver.turn(batch)
            let byId = timed(&driver, count: count) { #"{"op":"retract","id":"p\#($0)"}"# }
            let byCollapseId = timed(&driver, count: nil) { #"{"op":"retract","collapseId":"none-\#($0)"}"# }
            let byKind = timed(&driver, count: nil) { _ in #"{"op":"retract","kind":"serviceNotice"}"# }
            print(RoutingBench.pad("\(count)", 10) + RoutingBench.pad(byId, 22) + RoutingBench.pad(byCollapseId, 22) + byKind)
        }
    }

    static let sender = ConnectionID(1)

    static func pending(_ i: Int) -> String {
        #"{"op":"open","id":"p\#(i)","url":"materunner://records/\#(i)"}"#
    }

    /// Median and p99 of `retracts` timed retract turns; with `count`, each is followed by an untimed
    /// open that keeps `count` entries pending, the retract taking the oldest.
    static func timed(_ driver: inout HandoffBench.Driver, count: Int?, _ line: (Int) -> String) -> String {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(retracts)
        for k in 0..<retracts {
            let retract = line(k)
            let start = clock.now
            driver.turn([(sender, retract)])
            times.append(RoutingBench.milliseconds(clock.now - start) * 1000)
            if let count { driver.turn([(sender, pending(count + k))]) }
        }
        times.sort()
        return "\(RoutingBench.fixed(times[times.count / 2], 1)), \(RoutingBench.fixed(times[times.count * 99 / 100], 1))"
    }
}
