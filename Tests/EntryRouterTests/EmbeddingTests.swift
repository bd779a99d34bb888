import EntryRouter
import Testing

/// The router as an app embeds it: only the public API (no `@testable`), a config written in code,
/// requests made in code rather than decoded from lines.
@Suite struct EmbeddingTests {
    private static let config = Config(
        bundleId: "com.example.app", schemes: ["app"], universalLinks: [], home: "home", gates: [], tabs: ["home"],
        pushLinkKey: nil, modals: ["notice": 1],
        routes: [Route(name: "notice", push: ["type": .string("notice")], params: ["noticeId": "noticeId"],
                       presentation: .modal(kind: "notice"))])

    private static func reply(to push: PushRequest) -> Reply? {
        var router = Router(config: config, routing: RoutingTable(config: config))
        _ = router.handle(.request(ConnectionID(1), Request(.push(push), req: .number(7))), at: Instant(seconds: 100))
        for case .send(_, .reply(let reply)) in router.handle(.turnEnded, at: Instant(seconds: 100)) { return reply }
        return nil
    }

    @Test func aPushMadeInCodeIsRoutedAndAnswered() throws {
        let payload = PushPayload(.object(["type": .string("notice"), "noticeId": .string("n-1")]))
        let reply = try #require(Self.reply(to: PushRequest(payload: payload, id: "p-1")))
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

    /// A payload made in code is measured by its JSON text, as a received one is by its bytes.
    @Test func aPushMadeInCodeIsMeasuredByItsText() throws {
        let payload = PushPayload(.object(["type": .string("notice"), "noticeId": .string(String(repeating: "x", count: 5000))]))
        let reply = try #require(Self.reply(to: PushRequest(payload: payload, id: "p-2")))
        guard case .failure(let error) = reply.body else {
            Issue.record("expected payload_too_large, got \(reply.body)")
            return
        }
        #expect(error.code == .payloadTooLarge)
    }
}
