import Testing
@testable import EntryRouter

@Suite struct WireMessageEncodingTests {
    private static let params: RouteParams = ["sessionId": "abc", "inviter": "Kim \"K\""]

    @Test(arguments: [
        (Message.reply(Reply(req: .number(7), body: .success(.ok))), #"{"req":7,"ok":true}"#),
        (.reply(Reply(req: nil, body: .success(.ok))), #"{"ok":true}"#),
        (.reply(Reply(req: .object(["b": .number(1), "a": .string("x")]), body: .success(.ok))), #"{"req":{"a":"x","b":1},"ok":true}"#),
        (.reply(Reply(req: .number(7), body: .failure(WireError(.noRoute, "no route matches materunner://nope")))),
         #"{"req":7,"ok":false,"error":{"code":"no_route","message":"no route matches materunner://nope"}}"#),
        (.reply(Reply(req: nil, body: .failure(WireError(.frameTooLarge, "line longer than 65536 bytes")))),
         #"{"ok":false,"error":{"code":"frame_too_large","message":"line longer than 65536 bytes"}}"#),
        (.reply(Reply(req: .string("p"), body: .success(.entry(EntryReply(id: "e-9", route: "invitation", params: params, state: .queued))))),
         #"{"req":"p","ok":true,"id":"e-9","route":"invitation","params":{"inviter":"Kim \"K\"","sessionId":"abc"},"state":"queued"}"#),
        (.reply(Reply(req: nil, body: .success(.entry(EntryReply(id: "e-1", route: "records", params: [:], state: .done))))),
         #"{"ok":true,"id":"e-1","route":"records","params":{},"state":"done"}"#),
        (.reply(Reply(req: .number(3), body: .success(.retracted(2)))), #"{"req":3,"ok":true,"retracted":2}"#),
        (.event(.present(scene: "main", modal: "m-3", kind: "invitation", route: "invitation", entry: "e-9", params: params)),
         #"{"event":"present","scene":"main","modal":"m-3","kind":"invitation","route":"invitation","entry":"e-9","params":{"inviter":"Kim \"K\"","sessionId":"abc"}}"#),
        (.event(.update(scene: "main", modal: "m-3", params: ["sessionId": "abc"])),
         #"{"event":"update","scene":"main","modal":"m-3","params":{"sessionId":"abc"}}"#),
        (.event(.dismiss(scene: "main", modal: "m-3")), #"{"event":"dismiss","scene":"main","modal":"m-3"}"#),
        (.event(.selectTab(scene: "main", tab: "home")), #"{"event":"selectTab","scene":"main","tab":"home"}"#),
        (.event(.start(scene: "main", flow: "run", entry: "e-1", params: ["sessionId": "abc"])),
         #"{"event":"start","scene":"main","flow":"run","entry":"e-1","params":{"sessionId":"abc"}}"#),
        (.event(.show(scene: "main", screen: "s-4", route: "recordDetail", tab: "records", entry: "e-10", params: ["id": "42"])),
         #"{"event":"show","scene":"main","screen":"s-4","route":"recordDetail","tab":"records","entry":"e-10","params":{"id":"42"}}"#),
        (.event(.show(scene: "main", screen: "s-3", route: "recordList", tab: "records", entry: "e-10", params: [:],
                      parent: "records", backStack: true)),
         #"{"event":"show","scene":"main","screen":"s-3","route":"recordList","tab":"records","entry":"e-10","params":{},"parent":"records","backStack":true}"#),
        (.event(.show(scene: "main", screen: "s-4", route: "recordDetail", tab: "records", entry: "e-10", params: ["id": "42"],
                      parent: "s-3")),
         #"{"event":"show","scene":"main","screen":"s-4","route":"recordDetail","tab":"records","entry":"e-10","params":{"id":"42"},"parent":"s-3"}"#),
        (.event(.pop(scene: "main", screen: "s-4", reason: "no parent")), #"{"event":"pop","scene":"main","screen":"s-4","reason":"no parent"}"#),
        (.event(.detach(scene: "main", screen: "s-5", parent: "list")), #"{"event":"detach","scene":"main","screen":"s-5","parent":"list"}"#),
        (.event(.entry(id: "e-9", state: .presented, route: "invitation", scene: "main")),
         #"{"event":"entry","id":"e-9","state":"presented","route":"invitation","scene":"main"}"#),
        (.event(.entry(id: "e-2", state: .pending, route: "records", scene: nil)),
         #"{"event":"entry","id":"e-2","state":"pending","route":"records","scene":null}"#),
        (.event(.scene(scene: "main", what: .ready)), #"{"event":"scene","scene":"main","what":"ready"}"#),
        (.event(.scene(scene: "main", what: .orphanFinish)), #"{"event":"scene","scene":"main","what":"orphan_finish"}"#),
        (.event(.gate(scene: "main", gate: "signedIn", open: false)),
         #"{"event":"scene","scene":"main","what":"gate","gate":"signedIn","open":false}"#),
    ])
    func goldenLines(message: Message, expected: String) throws {
        let text = line(message)
        #expect(text == expected + "\n")
        // Every line is one valid JSON value: what a client reads back with JSONValue.parse.
        _ = try JSONValue.parse(bytes(String(text.dropLast())))
    }

    @Test func statusReport() {
        let report = StatusReport(
            config: "app.json", bundle: "com.example.app",
            scenes: [
                SceneStatus(scene: "main", ready: true, busy: false, gates: ["signedIn": true, "onboarded": false], tab: "home",
                            active: .init(modal: "m-3", kind: "invitation", entry: "e-9"), queue: ["e-10", "e-11"],
                            stacks: ["records": ["s-4"], "home": []]),
                SceneStatus(scene: "side", ready: false, busy: true, gates: [:], tab: nil, active: nil, queue: [], stacks: [:]),
            ],
            pending: [
                PendingStatus(id: "e-1", route: "invitation", source: .push, received: Instant(milliseconds: 1_700_000_000_250),
                              expires: Instant(seconds: 1_700_000_300), scene: "main"),
                PendingStatus(id: "e-2", route: "records", source: .universalLink, received: Instant(milliseconds: 1_700_000_000_007),
                              expires: nil, scene: nil),
            ],
            counts: [.pending: 2, .presented: 5])
        let expected = #"{"req":1,"ok":true,"config":"app.json","bundle":"com.example.app","scenes":["#
            + #"{"scene":"main","ready":true,"busy":false,"gates":{"onboarded":false,"signedIn":true},"tab":"home","#
            + #""active":{"modal":"m-3","kind":"invitation","entry":"e-9"},"queue":["e-10","e-11"],"stacks":{"home":[],"records":["s-4"]}},"#
            + #"{"scene":"side","ready":false,"busy":true,"gates":{},"tab":null,"active":null,"queue":[],"stacks":{}}],"#
            + #""pending":["#
            + #"{"id":"e-1","route":"invitation","source":"push","received":1700000000.25,"expires":1700000300,"scene":"main"},"#
            + #"{"id":"e-2","route":"records","source":"universalLink","received":1700000000.007,"expires":null,"scene":null}],"#
            + #""counts":{"pending":2,"queued":0,"presenting":0,"presented":5,"done":0,"replaced":0,"retracted":0,"#
            + #""expired":0,"duplicate":0,"updated":0}}"#
        #expect(line(.reply(Reply(req: .number(1), body: .success(.status(report))))) == expected + "\n")
    }

    @Test func emptyStatusStillCountsEveryState() throws {
        let text = line(.reply(Reply(req: nil, body: .success(.status(StatusReport())))))
        let counts = try #require(try JSONValue.parse(bytes(text))["counts"])
        for state in EntryState.allCases {
            #expect(counts[state.rawValue] == .number(0))
        }
    }

    @Test func encodingAppends() {
        var out = Array("prefix\n".utf8)
        Message.event(.dismiss(scene: "a", modal: "b")).encode(into: &out)
        Message.event(.dismiss(scene: "c", modal: "d")).encode(into: &out)
        #expect(String(decoding: out, as: UTF8.self)
            == "prefix\n{\"event\":\"dismiss\",\"scene\":\"a\",\"modal\":\"b\"}\n{\"event\":\"dismiss\",\"scene\":\"c\",\"modal\":\"d\"}\n")
    }
}
