import EntryRouter
#if canImport(Glibc)
import Glibc
#endif

/// The cold-start hand-over (R1), in process: the router with its effects encoded to wire bytes,
/// as the daemon does before writing them, and no socket.
///
/// - first: N entries wait while no scene is ready: one modal (a `serviceNotice` push) and N − 1
///   record links (`show` routes; R6 keeps every one of them, where a second pending modal of the
///   same kind would replace the first). The timed turn is the one carrying `scene.appeared`: its
///   end is when the first `present` (and the first batch of shows) exists as bytes to write. Then
///   the scene's connection reports each batch written (`.drained`, in a turn of its own, as the
///   daemon does when the socket takes it at once), until the last show is out.
/// - steady: a ready scene, and one show pushed per turn, each followed by its drain's turn, as in
///   request-by-request traffic: the cost per show of the push path to a ready scene.
/// - all: 1 000 modals of 1 000 distinct kinds wait (one kind each, so R6 replaces none); the scene
///   acknowledges every `present` at once (`scene.presented` and `scene.dismissed` in one turn), and
///   the time runs from `scene.appeared` until the last one has been presented.
///
/// `HANDOFF_PENDING` (a comma-separated list of counts), `HANDOFF_KINDS` (0 skips the second part)
/// and `HANDOFF_RUNS` narrow a run, e.g. to one hand-over of 10 000 under
/// `valgrind --tool=callgrind --toggle-collect='*appearedTurn*'`, which then counts the
/// instructions of exactly the timed turn (`*presentAll*` for the second part).
enum HandoffBench {
    static let pendingCounts = environment("HANDOFF_PENDING")
        .map { $0.split(separator: ",").compactMap { Int($0) } } ?? [10, 1_000, 10_000]
    static let runs = environment("HANDOFF_RUNS").flatMap { Int($0) } ?? 5
    static let modalKinds = environment("HANDOFF_KINDS").flatMap { Int($0) } ?? 1_000

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func run() {
        print("handoff: in-process router, effects encoded to bytes; wall ms (median of \(runs)), load \(RoutingBench.loadAverage())")
        print(RoutingBench.pad("pending", 10) + RoutingBench.pad("appeared → first present ms", 30)
              + RoutingBench.pad("events in that turn", 22) + "appeared → last show ms (turns)")
        for count in pendingCounts {
            var times: [Double] = []
            var allOut: [Double] = []
            var events = 0
            var turns = 0
            for _ in 0..<runs {
                let run = firstPresent(pending: count)
                times.append(run.first)
                allOut.append(run.last)
                events = run.events
                turns = run.turns
            }
            print(RoutingBench.pad("\(count)", 10) + RoutingBench.pad(RoutingBench.fixed(median(times), 2), 30)
                  + RoutingBench.pad("\(events)", 22) + "\(RoutingBench.fixed(median(allOut), 2)) (\(turns))")
        }
        var steadyTimes: [Double] = []
        for _ in 0..<runs { steadyTimes.append(steady(shows: steadyShows)) }
        print("\(steadyShows) shows to a ready scene, one per turn, each followed by its drain's turn: "
              + "\(RoutingBench.fixed(median(steadyTimes) * 1000 / Double(steadyShows), 2)) us per show")
        guard modalKinds > 0 else { return }
        var times: [Double] = []
        var turns = 0
        for _ in 0..<runs {
            let (ms, took) = allPresented(kinds: modalKinds)
            times.append(ms)
            turns = took
        }
        print("\(modalKinds) modals of distinct kinds, each acknowledged at once: appeared → last presented "
              + "\(RoutingBench.fixed(median(times), 1)) ms over \(turns) turns "
              + "(\(RoutingBench.fixed(median(times) * 1000 / Double(modalKinds), 1)) us per modal)")
    }

    static let steadyShows = 20_000

    /// With `pending` entries waiting: milliseconds of the `scene.appeared` turn and the events it
    /// sent, then milliseconds from `scene.appeared` until the last show went out and the turns taken.
    static func firstPresent(pending: Int) -> (first: Double, events: Int, last: Double, turns: Int) {
        var driver = Driver(config: sampleConfig())
        let sender = ConnectionID(1), scene = ConnectionID(2)
        driver.turn([(sender, #"{"op":"push","id":"modal","payload":{"type":"serviceNotice","noticeId":"n1"}}"#)])
        var batch: [(ConnectionID, String)] = []
        for i in 1..<pending {
            batch.append((sender, #"{"op":"open","id":"r\#(i)","url":"materunner://records/\#(i)"}"#))
            if batch.count == 500 {
                driver.turn(batch)
                batch = []
            }
        }
        driver.turn(batch)
        driver.turn([(scene, #"{"op":"scene.connect","scene":"main"}"#),
                     (scene, #"{"op":"scene.gate","scene":"main","gate":"signedIn","open":true}"#)])
        let clock = ContinuousClock()
        let start = clock.now
        let (elapsed, out) = appearedTurn(&driver, scene: scene)
        guard out.presents == 1 else { fatalError("handoff: expected one present, got \(out.presents)") }
        var shows = out.events - 1
        var turns = 1
        while shows < pending - 1 {
            let next = driver.drained(scene)
            guard next.events > 0 else { fatalError("handoff: \(shows) of \(pending - 1) shows went out") }
            shows += next.events
            turns += 1
        }
        return (elapsed, out.events, RoutingBench.milliseconds(clock.now - start), turns)
    }

    /// Milliseconds for `shows` shows pushed one per turn to a ready scene, each turn followed by the
    /// turn of the scene's drain.
    @inline(never)
    static func steady(shows: Int) -> Double {
        var driver = Driver(config: sampleConfig())
        let sender = ConnectionID(1), scene = ConnectionID(2)
        driver.turn([(scene, #"{"op":"scene.connect","scene":"main"}"#),
                     (scene, #"{"op":"scene.gate","scene":"main","gate":"signedIn","open":true}"#),
                     (scene, #"{"op":"scene.appeared","scene":"main","screen":"home"}"#)])
        let lines = (0..<shows).map { #"{"op":"open","id":"r\#($0)","url":"materunner://records/\#($0)"}"# }
        let clock = ContinuousClock()
        let start = clock.now
        for line in lines {
            let out = driver.turn([(sender, line)])
            guard out.events == 1 || out.events == 2 else { fatalError("handoff: a show sent \(out.events) events") }
            driver.drained(scene)
        }
        return RoutingBench.milliseconds(clock.now - start)
    }

    /// The timed turn, kept out of line so that a profiler can count it alone.
    @inline(never)
    static func appearedTurn(_ driver: inout Driver, scene: ConnectionID) -> (Double, Driver.Output) {
        let clock = ContinuousClock()
        let start = clock.now
        let out = driver.turn([(scene, #"{"op":"scene.appeared","scene":"main","screen":"home"}"#)])
        return (RoutingBench.milliseconds(clock.now - start), out)
    }

    /// Milliseconds from `scene.appeared` until the last of `kinds` modals was presented, and the turns taken.
    static func allPresented(kinds: Int) -> (Double, Int) {
        var driver = Driver(config: manyKindsConfig(kinds))
        let sender = ConnectionID(1), scene = ConnectionID(2)
        driver.turn((0..<kinds).map { (sender, #"{"op":"open","id":"k\#($0)","url":"bench://modal/\#($0)"}"#) })
        driver.turn([(scene, #"{"op":"scene.connect","scene":"main"}"#)])
        let (elapsed, presented, turns) = presentAll(&driver, scene: scene)
        guard presented == kinds else { fatalError("handoff: \(presented) of \(kinds) modals presented") }
        return (elapsed, turns)
    }

    /// The timed turns of `allPresented`, out of line like `appearedTurn`: milliseconds, modals
    /// presented, turns.
    @inline(never)
    static func presentAll(_ driver: inout Driver, scene: ConnectionID) -> (Double, Int, Int) {
        let clock = ContinuousClock()
        let start = clock.now
        var out = driver.turn([(scene, #"{"op":"scene.appeared","scene":"main","screen":"home"}"#)])
        var presented = 0, turns = 1
        while let modal = out.lastPresented {
            presented += 1
            turns += 1
            out = driver.turn([(scene, #"{"op":"scene.presented","scene":"main","modal":"\#(modal)"}"#),
                               (scene, #"{"op":"scene.dismissed","scene":"main","modal":"\#(modal)"}"#)])
        }
        return (RoutingBench.milliseconds(clock.now - start), presented, turns)
    }

    /// A router fed whole turns of request lines, its effects encoded as the daemon would write them.
    struct Driver {
        var router: Router
        var now: Int64 = 1_700_000_000_000

        init(config: Config, limits: RouterLimits = RouterLimits()) {
            router = Router(config: config, routing: RoutingTable(config: config), limits: limits)
        }

        struct Output {
            var events = 0
            var presents = 0
            var lastPresented: String?
            var bytes = 0
        }

        @discardableResult
        mutating func turn(_ lines: [(ConnectionID, String)]) -> Output {
            turn(lines.map { connection, line in
                guard case .success(let request) = Request.decode(line: Array(line.utf8)[...]) else {
                    fatalError("handoff: bad request line \(line)")
                }
                return .request(connection, request)
            })
        }

        /// A turn in which `connection` reports everything sent to it written.
        @discardableResult
        mutating func drained(_ connection: ConnectionID) -> Output {
            turn([.drained(connection)])
        }

        mutating func turn(_ inputs: [Input]) -> Output {
            now += 1
            var effects: [Effect] = []
            for input in inputs {
                effects += router.handle(input, at: Instant(milliseconds: now))
            }
            // Take the turn's effects as they are: appending thousands of them would copy each one.
            let ended = router.handle(.turnEnded, at: Instant(milliseconds: now))
            if effects.isEmpty { effects = ended } else { effects += ended }
            var out = Output()
            var bytes: [UInt8] = []
            for case .send(_, let message) in effects {
                message.encode(into: &bytes)
                if case .event(let event) = message {
                    out.events += 1
                    if case .present(_, let modal, _, _, _, _) = event {
                        out.presents += 1
                        out.lastPresented = modal
                    }
                }
            }
            out.bytes = bytes.count
            return out
        }
    }

    static func sampleConfig() -> Config {
        load(#"""
        {"bundleId": "com.example.materunner", "schemes": ["materunner"], "home": "home",
         "gates": ["signedIn"], "tabs": ["home", "records"], "pushLinkKey": "link",
         "modals": {"serviceNotice": 4},
         "routes": [
           {"name": "recordDetail", "match": ["materunner://records/<int:id>"], "show": "records",
            "requires": ["signedIn"]},
           {"name": "serviceNotice", "match": ["materunner://notice/:noticeId"],
            "push": {"type": "serviceNotice"}, "params": {"noticeId": "noticeId"},
            "modal": "serviceNotice", "identity": "noticeId"}]}
        """#)
    }

    static func manyKindsConfig(_ kinds: Int) -> Config {
        let modals = (0..<kinds).map { "\"kind\($0)\": \($0)" }.joined(separator: ", ")
        let routes = (0..<kinds).map {
            #"{"name": "m\#($0)", "match": ["bench://modal/\#($0)"], "modal": "kind\#($0)"}"#
        }.joined(separator: ",\n")
        return load(#"""
        {"bundleId": "com.example.bench", "schemes": ["bench"], "home": "home", "tabs": ["home"],
         "modals": {\#(modals)}, "routes": [\#(routes)]}
        """#)
    }

    static func load(_ json: String) -> Config {
        do {
            return try Config.load(json: Array(json.utf8), file: "<handoff bench>")
        } catch {
            fatalError("handoff bench config: \(error)")
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
