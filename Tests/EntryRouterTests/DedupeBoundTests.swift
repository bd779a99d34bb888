@testable import EntryRouter
import Testing

/// `maxDedupeKeys`: past it the oldest keys are forgotten first, counted for the daemon's log, and a
/// restored window keeps the newest.
struct DedupeBoundTests {
    static func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

    static func claimNew(_ window: inout DedupeWindow, _ id: String, at milliseconds: Int64) -> Bool {
        window.claim(DedupeKey(senderId: id), at: at(milliseconds), shape: DedupeWindowTests.card, params: [:]) == nil
    }

    @Test func theOldestKeysGoFirstOnceTheWindowIsOverItsBound() {
        var window = DedupeWindow(window: 1_000, maxKeys: 3, restoring: [])
        for (n, id) in ["a", "b", "c", "d", "e"].enumerated() { _ = Self.claimNew(&window, id, at: Int64(n)) }
        // A turn's arrivals may pass the bound until the turn's prune.
        #expect(window.sighting(of: DedupeKey(senderId: "a"), at: Self.at(10)) != nil)
        window.prune(at: Self.at(10))
        #expect(window.takeEvicted() == 2 && window.takeEvicted() == 0)
        let held = ["a", "b", "c", "d", "e"].filter { window.sighting(of: DedupeKey(senderId: $0), at: Self.at(10)) != nil }
        #expect(held == ["c", "d", "e"])
        // A forgotten id is new again; a repeat of a held one is still a duplicate and takes no room.
        #expect(Self.claimNew(&window, "a", at: 11) && !Self.claimNew(&window, "e", at: 11))
        window.prune(at: Self.at(11))
        #expect(window.takeEvicted() == 1)
        #expect(window.sighting(of: DedupeKey(senderId: "c"), at: Self.at(11)) == nil)
    }

    @Test func aRestoredWindowKeepsTheNewestKeys() {
        let keys = (0..<10).map { SeenKey(DedupeKey(senderId: "k\($0)"), at: Self.at(Int64($0))) }
        var window = DedupeWindow(window: 1_000, maxKeys: 4, restoring: keys)
        #expect(window.takeEvicted() == 6)
        let held = (0..<10).filter { window.sighting(of: DedupeKey(senderId: "k\($0)"), at: Self.at(20)) != nil }
        #expect(held == [6, 7, 8, 9])
    }

    @Test func theRouterReportsForgottenKeysOnceATurn() {
        var h = Harness(limits: RouterLimits(maxDedupeKeys: 2))
        // One collapseId: each replaces the one before (R6), so only the window remembers the ids.
        h.send(9, push("record", "1", id: "a", collapseId: "r"))
        h.send(9, push("record", "2", id: "b", collapseId: "r"))
        h.send(9, push("record", "3", id: "c", collapseId: "r"))
        let effects = h.endTurn()
        #expect(effects.filter { if case .dedupeKeysEvicted = $0 { true } else { false } } == [.dedupeKeysEvicted(1)])
        let again = h.step(9, push("record", "4", id: "a", collapseId: "r"))
        #expect(again.entryReplies.map(\.state) == [.pending])
        #expect(again.contains(.dedupeKeysEvicted(1)))
        #expect(h.step(9, push("record", "5", id: "c", collapseId: "r")).entryReplies.map(\.state) == [.duplicate])
    }
}
