import EntryRouter
import Testing

/// A push an app makes in code rather than receives as a line: routed and answered like a received
/// one, and measured for `payload_too_large` by its JSON text, as a received one is by its bytes.
@Suite struct PushMadeInCodeTests {
    static let configJSON = #"""
    {
      "bundleId": "com.example.app",
      "schemes": ["app"],
      "home": "home",
      "tabs": ["home"],
      "modals": {"notice": 1},
      "routes": [
        {"name": "notice", "match": ["app://notice/:noticeId"], "push": {"type": "notice"},
         "params": {"noticeId": "noticeId"}, "modal": "notice"}
      ]
    }
    """#

    static func reply(to push: PushRequest) throws -> Reply? {
        let config = try Config.load(json: Array(configJSON.utf8), file: "app.json")
        var router = Router(config: config, routing: RoutingTable(config: config))
        _ = router.handle(.request(ConnectionID(1), Request(.push(push), req: .number(7))), at: Instant(seconds: 100))
        for case .send(_, .reply(let reply)) in router.handle(.turnEnded, at: Instant(seconds: 100)) { return reply }
        return nil
    }

    @Test func aPushMadeInCodeIsRoutedAndAnswered() throws {
        let payload = PushPayload(.object(["type": .string("notice"), "noticeId": .string("n-1")]))
        let reply = try #require(try Self.reply(to: PushRequest(payload: payload, id: "p-1")))
        #expect(reply.req == .number(7))
        guard case .success(.entry(let entry)) = reply.body else {
            Issue.record("expected an entry reply, got \(reply.body)")
            return
        }
        #expect(entry.id == "p-1")
        #expect(entry.route == "notice")
        #expect(entry.params == ["noticeId": "n-1"])
        #expect(entry.state == .pending)
    }

    @Test func aPushMadeInCodeIsMeasuredByItsText() throws {
        let payload = PushPayload(.object(["type": .string("notice"), "noticeId": .string(String(repeating: "x", count: 5000))]))
        let reply = try #require(try Self.reply(to: PushRequest(payload: payload, id: "p-2")))
        guard case .failure(let error) = reply.body else {
            Issue.record("expected payload_too_large, got \(reply.body)")
            return
        }
        #expect(error.code == .payloadTooLarge)
    }

    /// The route table alone, as an app checks where a payload or a link would go.
    @Test func theRoutingTableMatchesAPushAndALink() throws {
        let config = try Config.load(json: Array(Self.configJSON.utf8), file: "app.json")
        let table = RoutingTable(config: config)
        let payload = PushPayload(.object(["type": .string("notice"), "noticeId": .string("n-1")]))
        let pushed = try table.route(push: payload, payloadBytes: 40).get()
        #expect(pushed.route == "notice")
        #expect(pushed.params["noticeId"] == "n-1")
        let linked = try table.route(url: "app://notice/n-2").get()
        #expect(linked.params == ["noticeId": "n-2"])
        guard case .failure(let error) = table.route(url: "app://nowhere") else {
            Issue.record("app://nowhere matched a route")
            return
        }
        #expect(error.code == .noRoute)
    }
}
