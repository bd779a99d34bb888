import SeededRandom
import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// R1, R16: `kill -9` at seeded random moments while a sender pipelines entries loses nothing that was
/// acknowledged, creates nothing twice, and never presents a consumed entry again.
@Suite(.serialized) struct CrashTests {
    static let rounds = 5
    static let entriesPerRound = 1000

    /// Each round starts the daemon on the same store, lets a scene acknowledge one modal, then streams
    /// `open materunner://records/N` entries (a show route needing `signedIn`: with the gate closed they
    /// all stay pending, and show routes have no modal kind, so none replaces another, R6) with distinct
    /// ids in seeded batches, and kills the daemon right after a seeded line was written or a seeded
    /// reply was read (the daemon has just written it: a reply sent before its commit would be lost
    /// here). The next round first retries what got no reply, as a sender would; after the last round
    /// the daemon is started once more, the rest is retried, and every acknowledged entry must be
    /// pending exactly once.
    @Test func killNineAtRandomMomentsLosesNothingAcknowledged() throws {
        var random = SplitMix64.fromEnvironment()
        print("crash test: seed \(random.seed) (ENTRYD_TEST_SEED=\(random.seed) replays it)")
        let directory = TemporaryDirectory()
        let store = directory.file("entryd.sqlite")
        let socket = directory.file("s")
        let serve = ["--store", store, "--max-output", "16777216"]

        var sent: Set<String> = []
        var acknowledged: Set<String> = []
        var unanswered: [String] = []
        var consumed: [String] = []
        var committedUnanswered = 0
        var acknowledgedInRounds = 0
        var nextNumber = 1
        for round in 0..<Self.rounds {
            let daemon = LiveDaemon(serve, socket: socket)
            try #require(daemon.readiness == "READY=1", "round \(round): \(daemon.process.stderrText)")

            let scene = try LiveConnection(daemon)
            try scene.request(#""op":"scene.connect","scene":"main""#)
            try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#)
            try scene.request(#""op":"status""#)
            #expect(scene.takeEvents("present").isEmpty, "round \(round): a consumed modal was presented again")

            let sender = try LiveConnection(daemon)
            let modalEntry = "p-\(round)"
            let opened = try sender.request(#""op":"open","url":"materunner://notice/n\#(round)","id":"\#(modalEntry)""#)
            #expect(opened.text("state") == "presenting")
            let present = try scene.event { $0.text("event") == "present" && $0.text("entry") == modalEntry }
            let presented = try scene.request(#""op":"scene.presented","scene":"main","modal":"\#(present.text("modal") ?? "")""#)
            try #require(presented.isOK)
            consumed.append(modalEntry)
            if random.below(2) == 0 {
                try scene.request(#""op":"scene.dismissed","scene":"main","modal":"\#(present.text("modal") ?? "")""#)
            }

            var ids = unanswered
            for _ in 0..<Self.entriesPerRound {
                ids.append("c-\(nextNumber)")
                nextNumber += 1
            }
            sent.formUnion(ids)
            let lines = ids.map { #"{"op":"open","url":"materunner://records/\#($0.dropFirst(2))","id":"\#($0)"}"# }
            let killAt: PipelinedStream.Moment = random.below(2) == 0
                ? .written(random.below(ids.count + 1)) : .replied(random.below(ids.count / 2 + 1))
            let batches = (0..<16).map { _ in 1 + random.below(40) }
            let stream = try #require(PipelinedStream(path: socket))
            let outcome = stream.run(lines, batches: batches, actAt: killAt) {
                daemon.process.signal(SIGKILL)
            }
            #expect(!outcome.stalled, "round \(round): the daemon neither answered nor closed")
            daemon.process.waitForExit()
            for (index, reply) in outcome.replies.enumerated() {
                let state = reply.text("state")
                #expect(reply.isOK && (state == "pending" || state == "duplicate") && reply.text("id") == ids[index],
                        "round \(round): reply \(index) to \(ids[index]) was \(reply)")
                acknowledged.insert(ids[index])
                if index < ids.count - Self.entriesPerRound && state == "duplicate" { committedUnanswered += 1 }
            }
            unanswered = Array(ids[outcome.replies.count...])
            acknowledgedInRounds += outcome.replies.count
            print("crash test: round \(round + 1): sent \(ids.count) (\(ids.count - Self.entriesPerRound) retried), "
                + "killed at \(killAt), \(outcome.replies.count) acknowledged")
        }

        let daemon = LiveDaemon(serve, socket: socket)
        try #require(daemon.readiness == "READY=1", "\(daemon.process.stderrText)")
        let scene = try LiveConnection(daemon)
        try scene.request(#""op":"scene.connect","scene":"main""#)
        try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#)
        let retry = try LiveConnection(daemon)
        try retry.client.send(unanswered.map { #"{"op":"open","url":"materunner://records/\#($0.dropFirst(2))","id":"\#($0)"}"# }
            .joined(separator: "\n") + (unanswered.isEmpty ? "" : "\n"))
        for id in unanswered {
            let reply = try #require(try retry.nextLine())
            let state = reply.text("state")
            #expect(reply.text("id") == id && (state == "pending" || state == "duplicate"), "retried \(id): \(reply)")
            if state == "duplicate" { committedUnanswered += 1 }
            acknowledged.insert(id)
        }
        let (pending, status) = try scene.allPending()
        #expect(scene.takeEvents("present").isEmpty, "a consumed modal was presented again after the last restart")
        #expect(Set(pending).count == pending.count, "an entry is pending twice")
        #expect(status["counts"]?.text("pending") == String(pending.count))
        #expect(Set(pending).isSubset(of: sent), "an entry that was never sent is pending")
        let lost = acknowledged.subtracting(pending).sorted()
        #expect(lost.count == 0, "acknowledged but lost: \(lost.prefix(20))")

        let sender = try LiveConnection(daemon)
        for id in acknowledged.sorted().shuffled(using: &random).prefix(20) {
            let retried = try sender.request(#""op":"open","url":"materunner://records/\#(id.dropFirst(2))","id":"\#(id)""#)
            #expect(retried.text("state") == "duplicate", "a retried \(id) was \(retried)")
        }
        #expect(daemon.stop() == 0)

        let database = try Database(path: store, mode: .readOnly)
        #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
        var states: [String: [String]] = [:]
        try database.prepare("SELECT id, state FROM entries").query { (row: Statement) throws(SQLiteError) in
            states[row.text(0) ?? "", default: []].append(row.text(1) ?? "")
        }
        #expect(states.values.allSatisfy { $0.count == 1 })
        // The store keeps only live entries: a consumed modal's row went with the commit that consumed it.
        for id in consumed {
            #expect(states[id] == nil, "\(id) is still stored as \(states[id] ?? [])")
        }
        let stored = states.keys.filter { $0.hasPrefix("c-") }
        #expect(stored.allSatisfy { states[$0] == ["pending"] })
        print("crash test: \(Self.rounds) rounds, \(sent.count) entries sent, \(acknowledgedInRounds) acknowledged under kills "
            + "and \(unanswered.count) more by the final retry, "
            + "\(stored.count) recovered, \(lost.count) lost; \(committedUnanswered) committed before the kill but "
            + "unanswered (a retry was a duplicate); \(consumed.count) presented modals stayed consumed")
    }
}
