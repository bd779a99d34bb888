import Foundation
import Testing
@testable import EntryRouter

/// `maxScenesPerConnection`, and the states a push reply can carry as docs/PROTOCOL.md lists them.
@Suite struct RouterSceneLimitTests {
    @Test func aConnectionOverItsSceneLimitIsRefusedAndKeepsItsScenes() {
        var h = Harness(limits: RouterLimits(maxScenesPerConnection: 2))
        h.step(1, scene("a", .connect(launch: nil)))
        h.step(1, scene("b", .connect(launch: nil)))
        let refused = h.step(1, scene("c", .connect(launch: nil)))
        #expect(refused.errorCodes == [.notAllowed])
        #expect(refused.errors(to: 1).first?.message.contains("--max-scenes 2") == true)
        #expect(h.step(1, scene("c", .appeared(screen: "home"))).errorCodes == [.unknownScene])
        // Its own scene again is a takeover, not one more; another connection has a limit of its own.
        #expect(h.step(1, scene("b", .connect(launch: nil))).errorCodes.isEmpty)
        #expect(h.step(2, scene("c", .connect(launch: nil))).errorCodes.isEmpty)
        // Taking over a scene of another connection counts against the taker.
        #expect(h.step(1, scene("c", .connect(launch: nil))).errorCodes == [.notAllowed])
        #expect(h.step(2, scene("c", .appeared(screen: "home"))).errorCodes.isEmpty)
    }

    /// Every state a push reply can carry: `replaced` when a later arrival of the same turn replaced
    /// it (R6), `retracted` when a later request of the turn withdrew it.
    @Test func aPushReplyCarriesTheStateAfterItsTurn() {
        var h = Harness()
        h.send(9, push("update", "a"))
        h.send(9, push("update", "b"))
        h.send(9, push("notice", "c"))
        h.send(9, .retract(.kind("serviceNotice")))
        let states = h.endTurn().entryReplies.map(\.state)
        #expect(states == [.replaced, .pending, .retracted])
    }

    @Test func protocolDocumentListsEveryStateAPushReplyCarries() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let text = try String(contentsOfFile: parts.joined(separator: "/") + "/docs/PROTOCOL.md", encoding: .utf8)
        let start = try #require(text.range(of: "The `state` of a `push`/`open` reply"))
        let paragraph = text[start.lowerBound...].prefix { $0 != "#" }
        for state: EntryState in [.pending, .queued, .presenting, .updated, .done, .duplicate, .replaced, .retracted] {
            #expect(paragraph.contains("`\(state.rawValue)`"), "PROTOCOL.md does not list \(state.rawValue)")
        }
    }
}
