import EntryCLI
import EntryRouter
import Testing

/// The readable lines of `scene`, `watch`, `push`, `open` and `demo`: one row per message shape.
@Suite struct EventLineTests {
    @Test(arguments: [
        (#"{"event":"present","scene":"main","modal":"m-3","kind":"invitation","route":"invitation","entry":"e-9","params":{"sessionId":"run-42","inviter":"Mina Kim"}}"#,
         #"present invitation m-3 (entry e-9, route invitation) inviter="Mina Kim" sessionId=run-42"#),
        (#"{"event":"update","scene":"main","modal":"m-3","params":{"sessionId":"run-43"}}"#, "update m-3 sessionId=run-43"),
        (#"{"event":"dismiss","scene":"main","modal":"m-3"}"#, "dismiss m-3"),
        (#"{"event":"selectTab","scene":"main","tab":"home"}"#, "selectTab home"),
        (#"{"event":"start","scene":"main","flow":"run","params":{}}"#, "start run"),
        (#"{"event":"show","scene":"main","screen":"s-4","route":"recordDetail","tab":"records","entry":"e-10","params":{"id":"7"}}"#,
         "show recordDetail s-4 on tab records (entry e-10) id=7"),
        (#"{"event":"show","scene":"main","screen":"s-3","route":"recordList","tab":"records","entry":"e-10","params":{},"parent":"records","backStack":true}"#,
         "show back-stack recordList s-3 on tab records over records (entry e-10)"),
        (#"{"event":"show","scene":"main","screen":"s-4","route":"recordDetail","tab":"records","entry":"e-10","params":{"id":"7"},"parent":"s-3"}"#,
         "show recordDetail s-4 on tab records over s-3 (entry e-10) id=7"),
        (#"{"event":"pop","scene":"main","screen":"s-4","reason":"no parent"}"#, "pop s-4 (no parent)"),
        (#"{"event":"detach","scene":"main","screen":"s-5","parent":"list"}"#, "detach s-5 to parent list"),
        (#"{"event":"entry","id":"e-1","state":"queued","route":"tutorial","scene":"main"}"#, "entry e-1 queued tutorial on main"),
        (#"{"event":"entry","id":"e-1","state":"pending","route":"tutorial","scene":null}"#, "entry e-1 pending tutorial"),
        (#"{"event":"scene","scene":"ipad","what":"orphan_finish"}"#, "scene ipad orphan_finish"),
        (#"{"event":"scene","scene":"main","what":"gate","gate":"signedIn","open":false}"#, "scene main gate signedIn closed"),
        (#"{"event":"shake","scene":"main"}"#, #"{"event":"shake","scene":"main"}"#),
        (#"{"req":1,"ok":true,"id":"e-1","route":"records","params":{},"state":"done"}"#, "ok id=e-1 route=records state=done"),
        (#"{"ok":true,"retracted":2}"#, "ok retracted=2"),
        (#"{"req":4,"ok":true}"#, "ok"),
        (#"{"req":2,"ok":true,"ready":false,"home":"home","closedGates":["signedIn"]}"#,
         "ok ready: false, home: home, closed gates: signedIn"),
        (#"{"req":2,"ok":true,"ready":false,"closedGates":["signedIn","onboarded"]}"#, "ok ready: false, closed gates: signedIn, onboarded"),
        (#"{"req":3,"ok":true,"ready":true,"closedGates":[]}"#, "ok"),
        (#"{"req":4,"ok":false,"error":{"code":"no_route","message":"no route matches x://y"}}"#, "error no_route: no route matches x://y"),
        (#"[1,2]"#, "[1,2]"),
    ])
    func describesEachShape(line: String, expected: String) throws {
        #expect(EventLine.describe(try JSONValue.parse(Array(line.utf8)[...])) == expected)
    }

    @Test func entryLineQuotesEmptyValues() throws {
        let reply = try JSONValue.parse(Array(#"{"ok":true,"id":"a","route":"help","params":{"topic":""},"state":"pending"}"#.utf8)[...])
        #expect(EventLine.describeEntry(reply) == #"id=a route=help state=pending params: topic="""#)
    }

    @Test func requestLineLeavesOutReqAndScene() {
        let request: JSONValue = .object(["op": .string("scene.gate"), "req": .number(3), "scene": .string("main"),
                                          "gate": .string("signedIn"), "open": .bool(true)])
        #expect(EventLine.describeRequest(request) == "scene.gate gate=signedIn open=true")
    }

    /// `scene.discarded` names another scene than the one sending it: its `scene` is shown.
    @Test func aDiscardedRequestLineNamesTheDiscardedScene() {
        let request: JSONValue = .object(["op": .string("scene.discarded"), "req": .number(4), "scene": .string("window-1")])
        #expect(EventLine.describeRequest(request) == "scene.discarded scene=window-1")
    }

    @Test(arguments: [(0, "+     0ms"), (42, "+    42ms"), (1234567, "+1234567ms")] as [(Int64, String)])
    func stampsLineUp(milliseconds: Int64, expected: String) {
        #expect(EventLine.stamp(milliseconds: milliseconds) == expected)
    }
}
