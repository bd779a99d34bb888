import EntryDaemon
import EntryRouter
import Testing

/// `serve --clock manual` and the `advance` op, against the built daemon.
@Suite(.serialized) struct ManualClockTests {
    @Test func advanceIsRefusedOnTheWallClock() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let connection = try LiveConnection(daemon)
        let reply = try connection.request(#""op":"advance","by":"25h""#)
        #expect(reply.errorCode == "not_allowed")
        #expect(reply["error"]?["message"]?.stringValue?.contains("serve --clock manual") == true)
        #expect(try connection.request(#""op":"status""#).isOK)
    }

    @Test func anAdvanceExpiresWhatIsDueAndFreesADedupeId() throws {
        let daemon = LiveDaemon(["--store", ":memory:", "--clock", "manual"])
        let watcher = try LiveConnection(daemon)
        try #require(try watcher.request(#""op":"watch""#).isOK)
        let sender = try LiveConnection(daemon)
        let push = #""op":"open","id":"invite-1","url":"materunner://invite/run-1""#
        #expect(try sender.request(push).text("state") == "pending")
        #expect(try sender.request(#""op":"advance","by":"299s""#).isOK)
        #expect(try sender.request(#""op":"status""#)["counts"]?["expired"] == .number(0))
        #expect(try sender.request(#""op":"advance","by":"2s""#).isOK)
        _ = try watcher.event { $0.text("event") == "entry" && $0.text("id") == "invite-1" && $0.text("state") == "expired" }
        #expect(try sender.request(push).text("state") == "duplicate")
        #expect(try sender.request(#""op":"advance","by":"1d""#).isOK)
        #expect(try sender.request(push).text("state") == "pending")
    }

    @Test func aBadClockIsAUsageError() {
        let run = Spawned.run(Spawned.entryd, ["serve", "--clock", "fast", "--store", ":memory:"])
        #expect(run.waitForExit() == 64)
        #expect(run.stderrText.contains("--clock expects wall or manual, got 'fast'"))
    }
}
