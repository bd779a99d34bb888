import Testing
@testable import EntryRouter

/// R6 when each arrival replaces the newest pending entry (the bench's case, one collapseId per
/// connection): what is pending, what is recorded and what expires.
@Suite struct RouterReplaceNewestTests {
    /// Without a scene, every push replaces the one before (same kind); only the last waits and expires.
    @Test func withoutASceneOnlyTheLastPushWaitsAndExpires() {
        var h = Harness()
        for n in 1...6 {
            let effects = h.step(9, push("short", "\(n)", collapseId: "conn-\(n % 3)"))
            #expect(effects.entryReplies.map(\.state) == [.pending])
            if n > 1 { #expect(effects.state(of: "e-\(n - 1)") == .replaced) }
        }
        #expect(h.status.pending.map(\.id) == ["e-6"])
        #expect(h.status.counts[.replaced] == 5 && h.status.counts[.pending] == 1)
        h.advance(seconds: 11)
        let expired = h.input(.timer)
        #expect(expired.records.map(\.id) == ["e-6"] && expired.state(of: "e-6") == .expired)
        #expect(h.status.pending.isEmpty && h.status.counts[.expired] == 1)
    }

    /// A replaced entry's expiry item is not the one that fires: the replacement expires on its own time.
    @Test func theReplacementExpiresOnItsOwnTime() {
        var h = Harness()
        h.step(9, push("short", "1"))
        h.advance(seconds: 5)
        h.step(9, push("short", "2"))
        h.advance(seconds: 6)
        #expect(h.input(.timer).records.isEmpty)
        #expect(h.status.pending.map(\.id) == ["e-2"])
        h.advance(seconds: 5)
        #expect(h.input(.timer).state(of: "e-2") == .expired)
    }

    /// A replacement in place records and tells the replaced entry first, then the new one, as a
    /// removal followed by an add does.
    @Test func theReplacedEntryIsToldBeforeItsReplacement() {
        var h = Harness()
        h.step(5, .watch)
        h.step(9, push("short", "1", collapseId: "a"))
        let second = h.step(9, push("short", "2", collapseId: "b"))
        #expect(second.records.map(\.id) == ["e-1", "e-2"])
        #expect(second.records.map(\.state) == [.replaced, .pending])
        let told = second.events(to: 5).compactMap { event -> String? in
            if case .entry(let id, let state, _, _) = event { "\(id) \(state)" } else { nil }
        }
        #expect(told == ["e-1 replaced", "e-2 pending"])
        #expect(h.status.pending.map(\.id) == ["e-2"])
        #expect(h.stored["e-1"]?.state == .replaced && h.stored["e-2"]?.state == .pending)
    }

    /// An older pending entry of another kind stays; the collapseId it shares takes it too.
    @Test func anOlderEntryStaysUnlessItSharesTheCollapseId() {
        var h = Harness()
        h.step(9, push("record", "1", collapseId: "a"))
        h.step(9, push("notice", "1", collapseId: "b"))
        #expect(h.step(9, push("notice", "2", collapseId: "c")).state(of: "e-2") == .replaced)
        #expect(h.status.pending.map(\.id) == ["e-1", "e-3"])
        let last = h.step(9, push("notice", "3", collapseId: "a"))
        #expect(last.state(of: "e-1") == .replaced && last.state(of: "e-3") == .replaced)
        #expect(h.status.pending.map(\.id) == ["e-4"])
    }

    /// With a ready scene whose gate is closed, invitations wait for it and replace each other; once the
    /// gate opens, the last one is presented.
    @Test func withASceneTheLastWaitingEntryIsHandedOver() {
        var h = Harness()
        h.ready()
        h.step(9, push("invite", "s1"))
        #expect(h.step(9, push("invite", "s2")).state(of: "e-1") == .replaced)
        #expect(h.status.pending.map(\.id) == ["e-2"])
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).presentedEntries == ["e-2"])
        #expect(h.status.pending.isEmpty)
    }

    /// The newest pending entry replaced by one a ready scene takes at once: nothing is left pending, and
    /// the next arrival finds the inbox as a removal would have left it.
    @Test func withASceneTheReplacementMayBeHandedOverAtOnce() {
        var h = Harness()
        h.ready()
        h.step(9, push("invite", "s1", collapseId: "x"))
        let shown = h.step(9, push("record", "1", collapseId: "x"))
        #expect(shown.state(of: "e-1") == .replaced)
        #expect(h.status.pending.isEmpty)
        h.step(9, push("invite", "s2"))
        #expect(h.status.pending.map(\.id) == ["e-3"])
    }
}
