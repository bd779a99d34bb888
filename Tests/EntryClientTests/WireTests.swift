@testable import EntryClient
import EntryRouter
import EntrySystem
import Testing

/// The client's one encoder and decoder: requests become the lines docs/PROTOCOL.md shows, and
/// the daemon's lines become typed values, with members a newer daemon adds ignored.
@Suite struct WireTests {
    private func decoded(_ line: String) throws -> Incoming { try Incoming.decode(Array(line.utf8)) }

    @Test(arguments: [
        (EntryRequest.open(url: "materunner://records/7", source: .widget), #"{"op":"open","req":1,"source":"widget","url":"materunner://records/7"}"#),
        (.retract(.collapseId("news")), #"{"collapseId":"news","op":"retract","req":1}"#),
        (.status(limit: 10, after: "c-9"), #"{"after":"c-9","limit":10,"op":"status","req":1}"#),
        (.advance(by: ClockSpan(.seconds(90))), #"{"by":"90s","op":"advance","req":1}"#),
        (.advance(by: ClockSpan(.milliseconds(1500))), #"{"by":"1500ms","op":"advance","req":1}"#),
        (.scene("main", .pushed(screen: "list", parent: nil)), #"{"op":"scene.pushed","parent":null,"req":1,"scene":"main","screen":"list"}"#),
        (.scene("main", .connect(launch: .url("materunner://invite/run-7", id: "n-42", action: "accept"))),
         #"{"launch":{"action":"accept","id":"n-42","url":"materunner://invite/run-7"},"op":"scene.connect","req":1,"scene":"main"}"#),
    ])
    func requestsEncodeAsTheProtocolSays(request: EntryRequest, line: String) throws {
        let written = try JSONValue.parse(request.line(req: 1).dropLast()[...])
        #expect(written == (try JSONValue.parse(Array(line.utf8)[...])))
    }

    @Test func eventsDecodeIntoTheirCasesAndIgnoreNewMembers() throws {
        let present = try decoded(#"{"event":"present","scene":"main","modal":"m-1","kind":"invitation","route":"invitation","entry":"invite-42","params":{"sessionId":"run-42"},"later":1}"#)
        guard case .scene("main", .present(let modal), nil) = present else { Issue.record("not a present: \(present)"); return }
        #expect(modal.kind == "invitation" && modal.entry == "invite-42" && modal.params["sessionId"] == .string("run-42"))

        let start = try decoded(#"{"event":"start","scene":"main","flow":"run","entry":"invite-42","params":{}}"#)
        guard case .scene(_, .start(let flow), _) = start else { Issue.record("not a start"); return }
        #expect(flow.entry == "invite-42")
        let oldStart = try decoded(#"{"event":"start","scene":"main","flow":"run","params":{}}"#)
        guard case .scene(_, .start(let old), _) = oldStart else { Issue.record("not a start"); return }
        #expect(old.entry == nil)

        let show = try decoded(#"{"event":"show","scene":"main","screen":"s-2","route":"recordDetail","tab":"records","entry":"e-2","params":{"id":"7"},"backStack":true,"parent":"s-1"}"#)
        guard case .scene(_, .show(let screen), _) = show else { Issue.record("not a show"); return }
        #expect(screen.backStack && screen.parent == "s-1")

        guard case .unknownEvent("teleport") = try decoded(#"{"event":"teleport","scene":"main"}"#) else { Issue.record("an unknown event"); return }
    }

    @Test func watchEventsAndErrorsAreTyped() throws {
        guard case .watch(.scene(let change)) = try decoded(#"{"event":"scene","scene":"main","what":"orphan_finish","screen":"s-4","reason":"no parent"}"#) else {
            Issue.record("not a scene change"); return
        }
        #expect(change.what == .orphanFinish(screen: "s-4", reason: "no parent"))
        guard case .watch(.entry(let entry)) = try decoded(#"{"event":"entry","id":"n-1","state":"retracted","route":"serviceNotice","scene":null}"#) else {
            Issue.record("not an entry change"); return
        }
        #expect(entry.state == .retracted && entry.scene == nil)
        guard case .reply(7, .failure(let error)) = try decoded(#"{"req":7,"ok":false,"error":{"code":"no_route","message":"no route matches materunner://nope"}}"#) else {
            Issue.record("not a refusal"); return
        }
        #expect(error.code == .noRoute && error.message == "no route matches materunner://nope")
    }

    @Test func aLineMissingARequiredMemberNamesIt() {
        #expect(throws: EntryClientError.badReply(line: #"{"event":"dismiss","scene":"main"}"#, reason: "no string `modal`")) {
            try decoded(#"{"event":"dismiss","scene":"main"}"#)
        }
    }

    @Test func aSocketPathOverTheLimitIsRefusedBeforeConnecting() async {
        let path = "/tmp/" + String(repeating: "x", count: 120) + "/entryd.sock"
        await #expect(throws: EntryClientError.socketPathTooLong(path: path, bytes: path.utf8.count, limit: StreamSocket.unixPathLimit)) {
            _ = try await EntrySender(endpoint: .unix(path: path))
        }
        #expect(EntryClientError.socketPathTooLong(path: path, bytes: 137, limit: 103).description.contains("at most 103"))
    }

    @Test func helloCarriesTheToken() {
        #expect(EntryRequest.hello(token: "t").json(req: nil) == .object(["op": .string("hello"), "token": .string("t")]))
    }

    @Test func endpointsReadTheCommandLineForm() {
        #expect(Endpoint("tcp:127.0.0.1:7070") == .tcp(host: "127.0.0.1", port: 7070, token: nil))
        #expect(Endpoint("/tmp/e.sock") == .unix(path: "/tmp/e.sock"))
    }
}
