import EntryRouter
import Glibc
import Testing

/// Seed 002's whole point, on the real binary (docs/PROTOCOL.md, "Every step reaches the app"): the run an
/// accepted invitation starts is not lost when the daemon dies between the turn that handled
/// `scene.dismissed` and the write of `start`.
@Suite(.serialized) struct LiveStartTests {
    /// The scene's socket is full (a batch of shows it has not read), so `start` waits behind unsent
    /// output when the daemon is killed: the scene that comes back after the restart gets it, naming
    /// the invitation's entry.
    @Test func aStartStuckBehindUnsentOutputSurvivesKillNine() throws {
        let directory = TemporaryDirectory()
        let store = directory.file("store.sqlite")
        let socket = directory.file("s")
        let first = LiveDaemon(["--store", store], socket: socket)
        try #require(first.readiness == "READY=1", "\(first.process.stderrText)")

        let scene = try LiveConnection.readyScene(on: first)
        let sender = try LiveConnection(first)
        let invited = try sender.request(#""op":"open","url":"materunner://invite/run-7","id":"invite-7""#)
        #expect(invited.isOK)
        let present = try scene.event { $0.text("event") == "present" }
        let modal = try #require(present.text("modal"))
        #expect(try scene.request(#""op":"scene.presented","scene":"main","modal":""# + modal + "\"").isOK)
        #expect(try scene.request(#""op":"scene.action","scene":"main","modal":""# + modal + #"","action":"accept""#).isOK)
        _ = try scene.event { $0.text("event") == "dismiss" }

        // More shows than a socket buffer holds, which the scene does not read.
        let shows = (1...3000).map { #"{"op":"open","url":"materunner://records/\#($0)"}"# }
        #expect(try pushPipelined(shows, to: first).count == shows.count)
        try scene.client.send(#"{"req":99,"op":"scene.dismissed","scene":"main","modal":""# + modal + "\"}")
        // The dismissal was handled once the slot is free.
        var freed = false
        for _ in 0..<500 where !freed {
            let status = try sender.request(#""op":"status","limit":1"#)
            freed = status["scenes"]?.arrayValue.first?["active"] == .null
            if !freed { usleep(10_000) }
        }
        try #require(freed, "the daemon never handled scene.dismissed")
        first.process.signal(SIGKILL)
        _ = first.process.waitForExit()

        let second = LiveDaemon(["--store", store], socket: socket)
        try #require(second.readiness == "READY=1", "\(second.process.stderrText)")
        let back = try LiveConnection.readyScene(on: second)
        let start = try back.event { $0.text("event") == "start" }
        #expect(start.text("flow") == "run")
        #expect(start.text("entry") == "invite-7")
        #expect(start["params"]?.text("sessionId") == "run-7")
        #expect(back.takeEvents("present").isEmpty, "the consumed invitation is never presented again")
        _ = second.stop()
    }
}
