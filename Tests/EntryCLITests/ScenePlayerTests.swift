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

    /// With `confirms` (`--confirm`), the scene connects saying so and answers every step event that
    /// carries a `step` with `scene.handled`, after the event (which `entryd scene` prints first).
    @Test func aConfirmingSceneAnswersEachStepWithHandled() {
        var options = SceneOptions()
        options.home = "home"
        options.confirms = true
        var player = ScenePlayer(options)
        #expect(Self.ops(player.start(now: 0)) == ["scene.connect confirms=true", "scene.appeared screen=home"])
        let steps = [
            #"{"event":"selectTab","scene":"main","tab":"home","step":"invite-42/tab"}"#,
            #"{"event":"start","scene":"main","flow":"run","entry":"invite-42","params":{},"step":"invite-42/step-1"}"#,
            #"{"event":"show","scene":"main","screen":"s-1","route":"recordDetail","tab":"records","entry":"e-3","params":{"id":"7"},"step":"e-3/show"}"#,
        ]
        for (line, step) in zip(steps, ["invite-42/tab", "invite-42/step-1", "e-3/show"]) {
            let answer = player.receive(event(line), now: 5)
            #expect(Self.ops(answer) == ["scene.handled step=\(step)"], "\(line)")
            #expect(answer.first?["scene"] == .string("main"))
        }
        // Not a step: a present is acknowledged, never confirmed; a step event without a step id
        // (from a daemon that did not take the option) has nothing to confirm.
        #expect(Self.ops(player.receive(Self.present, now: 6)) == ["scene.presented modal=m-1"])
        #expect(player.receive(event(#"{"event":"start","scene":"main","flow":"run","entry":"e-9","params":{}}"#), now: 7).isEmpty)
    }

    /// Without `confirms`, the connect says nothing of it and a step id, should one come, is not answered.
    @Test func aSceneThatDoesNotConfirmAnswersNoStep() {
        var options = SceneOptions()
        options.home = "home"
        var player = ScenePlayer(options)
        #expect(Self.ops(player.start(now: 0)) == ["scene.connect", "scene.appeared screen=home"])
        let start = event(#"{"event":"start","scene":"main","flow":"run","entry":"invite-42","params":{},"step":"invite-42/step-1"}"#)
        #expect(player.receive(start, now: 5).isEmpty)
    }

    /// `--discard NAME` sends `scene.discarded` for each name, naming that scene, after the connect
    /// and the gates; the line shown keeps the name.
    @Test func discardedScenesAreSentAfterConnecting() {
        var options = SceneOptions(name: "window-2")
        options.home = "home"
        options.gates = ["signedIn"]
        options.discarded = ["window-1", "window-0"]
        var player = ScenePlayer(options)
        let start = player.start(now: 0)
        #expect(Self.ops(start) == ["scene.connect", "scene.gate gate=signedIn open=true", "scene.discarded scene=window-1",
                                    "scene.discarded scene=window-0", "scene.appeared screen=home"])
        #expect(start.map { $0["scene"]?.stringValue } == ["window-2", "window-2", "window-1", "window-0", "window-2"])
    }

    /// The options read from `entryd scene`'s command line.
    @Test func confirmAndDiscardAreReadFromTheCommandLine() throws {
        let parsed = try parseArguments(["scene", "--confirm", "--discard", "window-1", "--discard", "window-0"],
                                        commands: Commands.all).get()
        let options = try SceneOptions(parsed, launchPush: nil)
        #expect(options.confirms)
        #expect(options.discarded == ["window-1", "window-0"])
        let plain = try SceneOptions(try parseArguments(["scene"], commands: Commands.all).get(), launchPush: nil)
        #expect(!plain.confirms && plain.discarded.isEmpty)
    }

    @Test(arguments: [
        ("discard window-1", "scene.discarded scene=window-1"),
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

    /// `discard NAME` names the discarded scene, not the one that sends it.
    @Test func theDiscardCommandNamesTheDiscardedScene() throws {
        var player = ScenePlayer(SceneOptions(name: "window-2"))
        let requests = try player.command("discard window-1").get()
        #expect(requests.map { $0["op"] } == [.string("scene.discarded")])
        #expect(requests.map { $0["scene"] } == [.string("window-1")])
        // Without a name it is refused, not taken as an action on the modal shown.
        _ = player.receive(Self.present, now: 0)
        #expect(throws: UsageError.self) { try player.command("discard").get() }
    }

    @Test(arguments: ["busy maybe", "gate signedIn", "finish", "frobnicate now", "discard", "discard a b"])
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
