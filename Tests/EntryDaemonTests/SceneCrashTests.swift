import SeededRandom
import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// docs/PROTOCOL.md, across restarts, R1, R16: `kill -9` at seeded random moments of bulk hand-overs of shows and modals
/// loses nothing acknowledged: every show reaches a scene at least once, every modal is presented,
/// and a modal whose `scene.presented` was answered ok is never presented again.
/// `ENTRYD_CRASH_ROUNDS` runs more rounds; `scripts/crash-handover` is the long run.
@Suite(.serialized) struct SceneCrashTests {
    static let rounds = getenv("ENTRYD_CRASH_ROUNDS").flatMap { Int(String(cString: $0)) } ?? 3
    static let showsPerRound = 2500
    static let modalsPerRound = 4
    static let livePerRound = 200

    /// Each round starts the daemon on the same store; a sender gets shows and modals (each of its own
    /// kind) acknowledged while no scene is ready; a scene appears and takes the hand-over, while a
    /// second sender streams more shows to it; the daemon is killed once the scene has received a
    /// seeded number of shows, and the scene reads what reached its socket. A last daemon hands the
    /// rest over, and the ledger must hold every acknowledged entry.
    @Test func killNineDuringHandOversLosesNoAcknowledgedEntry() throws {
        var random = SplitMix64.fromEnvironment()
        print("scene crash test: seed \(random.seed) (ENTRYD_TEST_SEED=\(random.seed) replays it)")
        let directory = TemporaryDirectory()
        let config = directory.file("config.json")
        #expect(writeFile(config, Array(handOverConfig(kinds: Self.rounds * Self.modalsPerRound).utf8)))
        // An output cap a sixth of a round's shows, which no socket buffer takes at once: a hand-over
        // must be paced to get through.
        let serve = ["--config", config, "--store", directory.file("store.sqlite"), "--max-output", "65536"]
        let socket = directory.file("s")

        var ledger = HandOverLedger()
        var shows: Set<String> = []
        var modals: Set<String> = []
        var number = 0
        for round in 0..<Self.rounds {
            let daemon = LiveDaemon(serve, socket: socket)
            try #require(daemon.readiness == "READY=1", "round \(round): \(daemon.process.stderrText)")
            var lines: [String] = []
            for _ in 0..<Self.showsPerRound {
                lines.append(#"{"op":"open","url":"crash://item/\#(number)","id":"s-\#(number)"}"#)
                number += 1
            }
            for index in 0..<Self.modalsPerRound {
                let kind = round * Self.modalsPerRound + index
                lines.insert(#"{"op":"open","url":"crash://modal/\#(kind)","id":"m-\#(kind)"}"#,
                             at: random.below(lines.count + 1))
            }
            for id in try pushPipelined(lines, to: daemon) {
                if id.hasPrefix("m-") { modals.insert(id) } else { shows.insert(id) }
            }

            let scene = try HandOverScene(daemon)
            let live = try daemon.client()
            var liveIds: [String] = []
            for _ in 0..<Self.livePerRound {
                liveIds.append("s-\(number)")
                number += 1
            }
            try live.send(liveIds.map { #"{"op":"open","url":"crash://item/\#($0.dropFirst(2))","id":"\#($0)"}"# }
                .joined(separator: "\n"))
            let killAt = ledger.showEvents + random.below(Self.showsPerRound + 1)
            let reached = try scene.read(into: &ledger) { $0.showEvents >= killAt }
            #expect(reached, "round \(round): the daemon closed the scene's connection")
            daemon.process.signal(SIGKILL)
            daemon.process.waitForExit()
            try scene.readToEnd(into: &ledger)
            while let line = try live.readLine(timeoutMilliseconds: 5000) {
                let reply = try JSONValue.parse(line[...])
                if reply.isOK, let id = reply.text("id") { shows.insert(id) }
            }
            print("scene crash test: round \(round + 1): killed at \(killAt) show events, \(ledger.shows.count) shows "
                + "and \(ledger.presented.count) modals received so far")
        }

        let daemon = LiveDaemon(serve, socket: socket)
        try #require(daemon.readiness == "READY=1", "\(daemon.process.stderrText)")
        let scene = try HandOverScene(daemon)
        // Until nothing waits, is in flight or is on screen. The scene asks for the status itself, so
        // that every line written to it before the answer has been read; when something is left, the
        // next line is awaited for a second (the last batch's drain ends it without a line). A
        // hand-over that never finishes fails after two minutes, with what is left, instead of hanging.
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let counts = try scene.catchUp(into: &ledger)["counts"]
            if !scene.isAcknowledging && ["pending", "queued", "presenting", "presented"].allSatisfy({ counts?.text($0) == "0" }) {
                break
            }
            try #require(ContinuousClock.now < deadline,
                         "the last hand-over did not finish within 120 s; counts \(counts.map { "\($0)" } ?? "none")")
            let open = try scene.takeNext(into: &ledger, timeoutMilliseconds: 1000)
            try #require(open, "the daemon closed the scene's connection")
        }
        #expect(daemon.stop() == 0)

        let lostShows = shows.subtracting(ledger.shows.keys).sorted()
        let lostModals = modals.subtracting(ledger.presented).sorted()
        #expect(lostShows.isEmpty, "acknowledged shows never received: \(lostShows.prefix(10))")
        #expect(lostModals.isEmpty, "acknowledged modals never presented: \(lostModals.prefix(10))")
        #expect(ledger.presentedAgain.isEmpty, "consumed modals presented again: \(ledger.presentedAgain.sorted())")
        print("scene crash test: \(Self.rounds) rounds, \(shows.count) shows and \(modals.count) modals acknowledged, "
            + "\(lostShows.count + lostModals.count) lost; \(ledger.shows.values.filter { $0 > 1 }.count) shows "
            + "received more than once (at least once), \(ledger.consumed.count) modals consumed, none presented again")
    }
}
