import Glibc
import Testing

/// The scene ops no other live test sends, against the real binary: `scene.busy` holds presents back
/// (R8), `scene.background` makes a scene wait for home again, and finishing a screen the router
/// showed is an orphan `pop` that watchers hear of as `orphan_finish` (R13).
@Suite(.serialized) struct LiveSceneOpsTests {
    @Test func aBusySceneIsPresentedNothingUntilItIsIdle() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        try #require(daemon.readiness == "READY=1")
        let scene = try LiveConnection.readyScene(on: daemon)
        #expect(try scene.request(#""op":"scene.busy","scene":"main","busy":true"#).isOK)
        let sender = try LiveConnection(daemon)
        let opened = try sender.request(#""op":"open","url":"materunner://invite/run-1""#)
        #expect(opened.text("state") == "queued", "busy: queued, not presented")
        #expect(try scene.request(#""op":"scene.busy","scene":"main","busy":false"#).isOK)
        let present = try scene.event { $0.text("event") == "present" }
        #expect(present.text("kind") == "invitation")
    }

    @Test func aBackgroundedSceneWaitsForHomeAgain() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        try #require(daemon.readiness == "READY=1")
        let scene = try LiveConnection.readyScene(on: daemon)
        #expect(try scene.request(#""op":"scene.background","scene":"main""#).isOK)
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://invite/run-2""#).text("state") == "pending")
        #expect(scene.takeEvents("present").isEmpty)
        #expect(try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#).isOK)
        let present = try scene.event { $0.text("event") == "present" }
        #expect(present["params"]?.text("sessionId") == "run-2")
    }

    @Test func finishingAShownScreenIsAnOrphanPopThatWatchersHear() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        try #require(daemon.readiness == "READY=1")
        let watcher = try LiveConnection(daemon)
        #expect(try watcher.request(#""op":"watch""#).isOK)
        let scene = try LiveConnection.readyScene(on: daemon)
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://records/7""#).isOK)
        let show = try scene.event { $0.text("event") == "show" }
        let screen = try #require(show.text("screen"))
        #expect(try scene.request(#""op":"scene.finish","scene":"main","screen":""# + screen + "\"").isOK)
        let pop = try scene.event { $0.text("event") == "pop" }
        #expect(pop.text("screen") == screen && pop.text("reason") == "no parent")
        let heard = try watcher.event { $0.text("what") == "orphan_finish" }
        #expect(heard.text("screen") == screen && heard.text("reason") == "no parent")
    }
}
