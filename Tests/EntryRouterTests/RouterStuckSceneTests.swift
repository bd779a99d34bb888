import Testing
@testable import EntryRouter

/// A ready scene that never reads keeps its unsent shows without end, while other clients' requests
/// look among them (docs/PROTOCOL.md, "Hostile and stuck peers"). They are found through the outbox's
/// index, not by walking the backlog: each case here is one of those lookups, done on an entry deep
/// in a backlog, with the order of what is finally sent unchanged.
@Suite struct RouterStuckSceneTests {
    static let limits = RouterLimits(maxShowsInFlight: 4)

    /// A ready, signed-in scene on connection 1 that never drains, with `count` record shows handed
    /// to it by connection 9: e-1 … e-4 in flight, the rest unsent.
    static func stuck(_ count: Int = 40) -> Harness {
        var h = Harness(limits: limits)
        h.ready("main", on: 1, signedIn: true)
        for number in 1...count { h.step(9, open("app://record/\(number)")) }
        return h
    }

    static func shown(_ effects: [Effect]) -> [String] {
        effects.events(to: 1).compactMap { if case .show(_, _, _, _, let entry, _, _, _, _) = $0 { entry } else { nil } }
    }

    /// Drains connection 1 until nothing more is shown: the entries in the order they went out.
    static func drainAll(_ h: inout Harness) -> [String] {
        var all: [String] = []
        while true {
            let next = shown(h.drained(1))
            if next.isEmpty { return all }
            all += next
        }
    }

    @Test func theBacklogGoesOutInArrivalOrderAroundWhatWasTakenOut() {
        var h = Self.stuck()
        for id in ["e-7", "e-20", "e-40"] {
            #expect(h.step(9, .retract(.id(id))).results(to: 9) == [.success(.retracted(1))], "\(id) waits unsent")
        }
        let expected = (5...39).map { "e-\($0)" }.filter { $0 != "e-7" && $0 != "e-20" }
        #expect(Self.drainAll(&h) == expected)
        #expect(h.status.counts[.retracted] == 3 && h.status.counts[.queued] == 0)
    }

    @Test func anEntryInFlightIsNotTakenOutOfTheBacklog() {
        var h = Self.stuck()
        #expect(h.step(9, .retract(.id("e-2"))).results(to: 9) == [.success(.retracted(0))])
    }

    @Test func latestWinsReachesAnUnsentShowByItsCollapseId() {
        var h = Harness(limits: Self.limits)
        h.ready("main", on: 1, signedIn: true)
        for number in 1...10 { h.step(9, open("app://record/\(number)")) }
        h.step(9, push("record", "1", collapseId: "c"))
        for number in 11...20 { h.step(9, open("app://record/\(number)")) }
        let newer = h.step(9, push("record", "2", collapseId: "c"))
        #expect(newer.records.filter { $0.state == .replaced }.map(\.id) == ["e-11"])
        let sent = Self.drainAll(&h)
        #expect(!sent.contains("e-11") && sent.last == "e-22")
    }

    @Test func aRetractionByCollapseIdReachesTheBacklog() {
        var h = Self.stuck(10)
        h.step(9, push("record", "1", collapseId: "c"))
        h.step(9, push("record", "2", collapseId: "d"))
        #expect(h.step(9, .retract(.collapseId("c"))).results(to: 9) == [.success(.retracted(1))])
        #expect(Self.drainAll(&h).suffix(1) == ["e-12"])
    }

    @Test func anUnsentShowExpiresWhereItWaits() {
        var h = Self.stuck(10)
        h.step(9, open("app://record/99", expiration: h.now.milliseconds / 1000 + 1))
        for number in 11...20 { h.step(9, open("app://record/\(number)")) }
        h.advance(seconds: 5)
        #expect(h.input(.timer).records.filter { $0.state == .expired }.map(\.id) == ["e-11"])
        #expect(!Self.drainAll(&h).contains("e-11"))
    }

    @Test func aDuplicateOfAnUnsentShowIsAnsweredFromTheBacklog() {
        var h = Self.stuck(10)
        h.step(9, open("app://record/77", id: "mine"))
        for number in 11...20 { h.step(9, open("app://record/\(number)")) }
        let again = h.step(9, open("app://record/77", id: "mine"))
        #expect(again.entryReplies.map(\.state) == [.duplicate])
        #expect(again.entryReplies.first?.id == "mine" && again.entryReplies.first?.route == "recordDetail")
        #expect(Self.drainAll(&h).filter { $0 == "mine" }.count == 1)
    }
}
