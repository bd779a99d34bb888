import Testing
@testable import EntryRouter

@Suite("advance: the span a manual clock moves by")
struct ClockAdvanceTests {
    @Test(arguments: [
        ("1500ms", 1500), ("90s", 90_000), ("10m", 600_000), ("25h", 90_000_000), ("2d", 172_800_000),
        ("3650d", 315_360_000_000),
    ] as [(String, Int64)])
    func aSpanIsANumberAndAUnit(text: String, milliseconds: Int64) {
        #expect(ClockAdvance.milliseconds(text) == milliseconds)
    }

    @Test(arguments: ["", "25", "h", "0h", "-1h", "+1h", "1.5h", "1 h", "25H", "1w", "3651d", "99999999999999999999d", "١h"])
    func anythingElseIsRefused(text: String) {
        #expect(ClockAdvance.milliseconds(text) == nil)
    }

    @Test func theOpDecodesItsSpan() throws {
        let request = try Request.decode(line: Array(#"{"op":"advance","req":1,"by":"25h"}"#.utf8)[...]).get()
        #expect(request.op == .advance(milliseconds: 90_000_000))
        #expect(request.req == .number(1))
    }

    @Test(arguments: [
        (#"{"op":"advance"}"#, "missing field `by` (op `advance`)"),
        (#"{"op":"advance","by":90000}"#, "field `by` must be"),
        (#"{"op":"advance","by":"soon"}"#, #"field `by` must be a span such as "1500ms""#),
    ])
    func aBadSpanIsABadRequest(line: String, message: String) {
        guard case .failure(let failure) = Request.decode(line: Array(line.utf8)[...]) else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(failure.error.code == .badRequest)
        #expect(failure.error.message.contains(message), "\(failure.error.message)")
    }

    /// The router only answers `advance`: the daemon stamps it with the moved clock, and the turn it
    /// ends at that time expires what is due.
    @Test func theTurnOfAnAdvanceRunsAtItsTime() {
        let connection = ConnectionID(1)
        var router = Router(config: RoutingFixtures.materunner.config, routing: RoutingFixtures.materunner)
        let start = Instant(seconds: 1_000_000)
        _ = router.handle(.request(connection, Request(.open(OpenRequest(url: "materunner://invite/run-1")), req: .number(1))), at: start)
        _ = router.handle(.turnEnded, at: start)
        #expect(router.counts[.pending] == 1)
        let later = start.adding(milliseconds: 301_000)
        _ = router.handle(.request(connection, Request(.advance(milliseconds: 301_000), req: .number(2))), at: later)
        let effects = router.handle(.turnEnded, at: later)
        #expect(router.counts[.expired] == 1)
        #expect(router.counts[.pending] == 0)
        #expect(effects.contains { effect in
            guard case .send(connection, .reply(let reply)) = effect else { return false }
            return reply.req == .number(2) && reply.body == .success(.ok)
        })
    }
}
