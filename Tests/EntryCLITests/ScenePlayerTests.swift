import EntryCLI
import EntryClient
import EntryRouter
import Testing

/// The scene `entryd scene` and `entryd demo` play, driven without a daemon.
@Suite struct ScenePlayerTests {
    static func event(_ line: String) -> JSONValue { try! JSONValue.parse(Array(line.utf8)[...]) }
    func event(_ line: String) -> JSONValue { Self.event(line) }
    static let present = event(#"{"event":"present","scene":"main","modal":"m-1","kind":"invitation","route":"invitation","entry":"e-1","params":{}}"#)

    /// Each request as `op` plus the fields a test looks at.
    static func ops(_ requests: [JSONValue]) -> [String] { requests.map { EventLine.describeRequest($0) } }

    @Test func startsConnectedWithGatesAndAppearsAfterItsDelay() {
        var options = SceneOptions(name: "ipad")
        options.gates = ["signedIn"]
        options.appearAfter = 500
        options.launch = .url("materunner://tutorial/1")
        var player = ScenePlayer(options)
        let start = player.start(now: 0)
        #expect(Self.ops(start) == [#"scene.connect launch={"url":"materunner://tutorial/1"}"#, "scene.gate gate=signedIn open=true"])
        #expect(start.allSatisfy { $0["scene"] == .string("ipad") })
        // The app's home comes with the connect reply: the appearance waits for it.
        #expect(player.deadline == nil)
        let reply = event(#"{"req":1,"ok":true,"home":"feed","tabs":["feed"],"gates":["signedIn"]}"#)
        #expect(player.receive(reply, now: 10).isEmpty)
        #expect(player.deadline == 510)
        #expect(player.tick(now: 509).isEmpty)
        #expect(Self.ops(player.tick(now: 510)) == ["scene.appeared screen=feed"])
        #expect(player.deadline == nil)
    }

    @Test func aHomeGivenOnTheCommandLineAppearsWithoutWaitingForTheReply() {
        var options = SceneOptions()
        options.home = "catalog"
        var player = ScenePlayer(options)
        #expect(Self.ops(player.start(now: 0)) == ["scene.connect", "scene.appeared screen=catalog"])
    }

    @Test func autoAcceptCountsTheModalOnceEverythingItCausedArrived() {
        var options = SceneOptions()
        options.auto = "accept"
        options.hold = 100
        options.count = 1
        var player = ScenePlayer(options)
        _ = player.start(now: 0)
        #expect(Self.ops(player.receive(Self.present, now: 10)) == ["scene.presented modal=m-1"])
        #expect(player.deadline == 110)
        let action = player.tick(now: 110)
        #expect(Self.ops(action) == ["scene.action action=accept modal=m-1"])
        let dismissed = player.receive(Self.event(#"{"event":"dismiss","scene":"main","modal":"m-1"}"#), now: 111)
        #expect(Self.ops(dismissed) == ["scene.dismissed modal=m-1"])
        #expect(player.active == nil)
        let sync = player.receive(.object(["req": dismissed[0]["req"]!, "ok": .bool(true)]), now: 112)
        #expect(Self.ops(sync) == ["status limit=1"])
        #expect(!player.finished)
        _ = player.receive(.object(["req": sync[0]["req"]!, "ok": .bool(true)]), now: 113)
        #expect(player.handled == 1)
        #expect(player.finished)
    }

    @Test func aRefusedAutoActionDismissesInstead() {
        var options = SceneOptions()
        options.auto = "accept"
        var player = ScenePlayer(options)
        _ = player.start(now: 0)
        let answer = player.receive(Self.present, now: 0)
        #expect(Self.ops(answer) == ["scene.presented modal=m-1", "scene.action action=accept modal=m-1"])
        let refused: JSONValue = .object(["req": answer[1]["req"]!, "ok": .bool(false)])
        #expect(Self.ops(player.receive(refused, now: 1)) == ["scene.dismissed modal=m-1"])
    }

    @Test(arguments: [
        ("dismiss", "scene.dismissed modal=m-1"), ("accept", "scene.action action=accept modal=m-1"),
        ("busy on", "scene.busy busy=true"), ("gate signedIn off", "scene.gate gate=signedIn open=false"),
        ("appear", "scene.appeared screen=home"), ("appear records", "scene.appeared screen=records"),
        ("finish s-1", "scene.finish screen=s-1"), ("pushed s-2 list", "scene.pushed parent=list screen=s-2"),
        ("reset", "scene.reset"), ("background", "scene.background"),
    ])
    func commandsBecomeRequests(command: String, expected: String) throws {
        var player = ScenePlayer(SceneOptions())
        _ = player.start(now: 0)
        _ = player.receive(Self.present, now: 0)
        #expect(try Self.ops(player.command(command).get()) == [expected])
    }

    @Test(arguments: ["busy maybe", "gate signedIn", "finish", "frobnicate now"])
    func badCommandsAreRefused(command: String) {
        var player = ScenePlayer(SceneOptions())
        #expect(throws: UsageError.self) { try player.command(command).get() }
    }

    @Test func anActionWithoutAModalIsRefusedAndQuitFinishes() throws {
        var player = ScenePlayer(SceneOptions())
        #expect(throws: UsageError.self) { try player.command("accept").get() }
        #expect(try player.command("quit").get().isEmpty)
        #expect(player.finished)
    }
}
