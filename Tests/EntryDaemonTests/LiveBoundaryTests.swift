import EntryRouter
import Glibc
import SeededRandom
import Testing
@testable import EntryDaemon

/// docs/PROTOCOL.md, across restarts against the real binary and its store: seeded rounds of invitations that the scene
/// acknowledges and accepts or declines, with the scene's connection dropped, taken over or the daemon
/// killed (`kill -9`) at the boundaries of the accept flow. Every accepted run starts exactly once, no
/// modal id is issued twice, and nothing is left pending or presented at the end.
@Suite(.serialized) struct LiveBoundaryTests {
    static let rounds = 14

    /// How a round leaves the accept flow.
    enum Cut: CaseIterable {
        /// The scene acknowledges the dismissal: the run starts at once.
        case none
        /// The scene's connection closes before `scene.dismissed`.
        case disconnect
        /// Another connection takes the scene's name over before `scene.dismissed`.
        case takeover
        /// The daemon is killed before `scene.dismissed`.
        case kill
        /// The daemon is killed before the present is acknowledged: it is presented again.
        case killBeforeAcknowledging
        /// The user declines: nothing starts.
        case decline
    }

    @Test func acceptedRunsStartOnceAcrossDisconnectsTakeoversAndKills() throws {
        var random = SplitMix64.fromEnvironment()
        print("live boundary test: seed \(random.seed) (ENTRYD_TEST_SEED=\(random.seed) replays it)")
        let daemon = StoredDaemon()
        try #require(daemon.current.readiness == "READY=1", "\(daemon.current.process.stderrText)")
        var modals: Set<String> = []
        var accepted: Set<String> = []
        var starts: [String] = []
        var scene: LiveConnection?
        for round in 0..<Self.rounds {
            let session = "run-\(round)"
            let sender = try LiveConnection(daemon.current)
            let pushed = try sender.request(#""op":"push","id":"inv-\#(round)","payload":{"type":"invitation","sessionId":"\#(session)"}"#)
            try #require(pushed.isOK, "round \(round): \(pushed)")
            // A scene that is not there (the first round, or after a cut) connects and becomes ready.
            let main: LiveConnection
            if let scene {
                main = scene
            } else {
                main = try Self.readyScene(daemon)
            }
            let present = try main.event { $0.text("event") == "present" && $0.text("entry") == "inv-\(round)" }
            let modal = try #require(present.text("modal"))
            #expect(modals.insert(modal).inserted, "round \(round): modal id \(modal) issued twice")
            let cut = random.pick(Cut.allCases)
            if cut == .killBeforeAcknowledging {
                starts += Self.startedSessions(main)
                try #require(daemon.killAndRestart() == "READY=1")
                let again = try Self.readyScene(daemon)
                starts += Self.startedSessions(again)
                let second = try again.event { $0.text("event") == "present" && $0.text("entry") == "inv-\(round)" }
                #expect(modals.insert(second.text("modal") ?? "").inserted, "round \(round): a modal id issued twice")
                try again.request(#""op":"scene.presented","scene":"main","modal":"\#(second.text("modal") ?? "")""#)
                try again.request(#""op":"scene.dismissed","scene":"main","modal":"\#(second.text("modal") ?? "")""#)
                scene = again
                continue
            }
            try main.request(#""op":"scene.presented","scene":"main","modal":"\#(modal)""#)
            let action = cut == .decline ? "decline" : "accept"
            let acted = try main.request(#""op":"scene.action","scene":"main","modal":"\#(modal)","action":"\#(action)""#)
            try #require(acted.isOK, "round \(round): \(acted)")
            if action == "accept" { accepted.insert(session) }
            _ = try main.event { $0.text("event") == "dismiss" && $0.text("modal") == modal }
            switch cut {
            case .none, .decline:
                try main.request(#""op":"scene.dismissed","scene":"main","modal":"\#(modal)""#)
                try main.request(#""op":"status""#)
                starts += Self.startedSessions(main)
                scene = main
            case .disconnect:
                // Its last reference goes with this round: the client closes the connection.
                starts += Self.startedSessions(main)
                scene = nil
            case .takeover:
                starts += Self.startedSessions(main)
                let other = try Self.readyScene(daemon)
                starts += Self.startedSessions(other)
                scene = other
            case .kill:
                starts += Self.startedSessions(main)
                try #require(daemon.killAndRestart() == "READY=1")
                scene = nil
            case .killBeforeAcknowledging:
                break
            }
        }
        if random.below(2) == 0 { try #require(daemon.killAndRestart() == "READY=1") }
        let last = try Self.readyScene(daemon)
        let status = try last.request(#""op":"status""#)
        starts += Self.startedSessions(last)
        #expect(starts.sorted() == accepted.sorted(), "every accepted run starts exactly once")
        for state in ["pending", "queued", "presenting", "presented"] {
            #expect(status["counts"]?[state] == .number(0), "\(state) left: \(status)")
        }
    }

    /// Connects scene `main` on a new connection, makes it ready and signed in, and waits until the
    /// daemon has handled all of it (a `status` reply comes after every event those ops caused).
    static func readyScene(_ daemon: StoredDaemon) throws -> LiveConnection {
        let scene = try LiveConnection.readyScene(on: daemon.current)
        try scene.request(#""op":"status""#)
        return scene
    }

    /// The sessions of the `start` events a scene has read so far, taken out of its kept events.
    static func startedSessions(_ scene: LiveConnection) -> [String] {
        scene.takeEvents("start").compactMap { $0["params"]?["sessionId"]?.stringValue }
    }
}
