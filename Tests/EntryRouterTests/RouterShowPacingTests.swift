import Testing
@testable import EntryRouter

/// docs/PROTOCOL.md, across restarts: a show is finished only once its event has left the daemon (`.drained`), and a
/// hand-over goes out at most `maxShowsInFlight` shows at a time, the next batch once the last one
/// is written. Until then the entry stays `queued`: a disconnect or a restart makes it pending again.
@Suite struct RouterShowPacingTests {
    static let limits = RouterLimits(maxShowsInFlight: 4)

    /// `count` record links waiting while no scene is ready: e-1 … e-count.
    static func waiting(_ count: Int) -> Harness {
        var h = Harness(limits: limits)
        for number in 1...count { h.step(9, open("app://record/\(number)")) }
        return h
    }

    static func shownEntries(_ effects: [Effect], to connection: UInt64 = 1) -> [String] {
        effects.events(to: connection).compactMap { if case .show(_, _, _, _, let entry, _, _, _, _) = $0 { entry } else { nil } }
    }

    static func done(_ effects: [Effect]) -> [String] {
        effects.records.filter { $0.state == .done }.map(\.id)
    }

    @Test func aHandOverGoesOutABatchAtATimeAsTheConnectionDrains() {
        var h = Self.waiting(10)
        let appeared = h.ready("main", on: 1)
        #expect(Self.shownEntries(appeared) == ["e-1", "e-2", "e-3", "e-4"])
        #expect(Self.done(appeared).isEmpty, "nothing is done before its write completed")
        let second = h.drained(1)
        #expect(Self.done(second) == ["e-1", "e-2", "e-3", "e-4"])
        #expect(Self.shownEntries(second) == ["e-5", "e-6", "e-7", "e-8"])
        let third = h.drained(1)
        #expect(Self.shownEntries(third) == ["e-9", "e-10"])
        let last = h.drained(1)
        #expect(Self.done(last) == ["e-9", "e-10"])
        #expect(Self.shownEntries(last).isEmpty)
        #expect(h.status.counts[.done] == 10 && h.status.counts[.queued] == 0)
        #expect(h.stored.values.allSatisfy { $0.state == .done })
    }

    @Test func theSenderHearsDoneWhileTheEntryWaitsForItsWrite() {
        var h = Harness(limits: Self.limits)
        h.ready("main", on: 1)
        let pushed = h.step(9, open("app://record/1"))
        #expect(pushed.entryReplies.map(\.state) == [.done])
        #expect(Self.shownEntries(pushed) == ["e-1"])
        #expect(h.stored["e-1"]?.state == .queued, "a crash now must leave it to be shown again")
        #expect(Self.done(h.drained(1)) == ["e-1"])
    }

    @Test func aDrainOfAnotherConnectionFinishesNothing() {
        var h = Self.waiting(2)
        h.ready("main", on: 1)
        #expect(h.drained(9).records.isEmpty)
        #expect(h.stored["e-1"]?.state == .queued)
    }

    /// The shows in flight are owed to the scene's name (they wait pending for it); the unsent ones
    /// wait for any scene (R15).
    @Test func aDisconnectGivesTheShowsInFlightBackToBeShownAgain() {
        var h = Self.waiting(6)
        h.ready("main", on: 1)
        h.input(.disconnected(ConnectionID(1)))
        let gone = h.endTurn()
        #expect(Set(gone.records.map(\.id)) == Set((1...6).map { "e-\($0)" }))
        #expect(gone.records.filter { $0.scene == "main" }.map(\.id).sorted() == ["e-1", "e-2", "e-3", "e-4"])
        #expect(gone.records.allSatisfy { $0.state == .pending })
        #expect(Self.shownEntries(h.ready("main", on: 2), to: 2) == ["e-1", "e-2", "e-3", "e-4"])
    }

    @Test func aRestartBeforeTheWriteShowsTheEntryAgain() {
        var h = Harness(limits: Self.limits)
        h.ready("main", on: 1)
        h.step(9, open("app://record/1"))
        #expect(h.stored["e-1"]?.state == .queued)
        h = h.restarted()
        #expect(Self.shownEntries(h.ready("main", on: 2), to: 2) == ["e-1"])
    }

    @Test func aResetEndsTheShowsInFlightAndRetractsTheUnsentOnes() {
        var h = Self.waiting(6)
        h.ready("main", on: 1)
        let reset = h.step(1, scene("main", .reset))
        #expect(Self.done(reset) == ["e-1", "e-2", "e-3", "e-4"])
        #expect(reset.records.filter { $0.state == .retracted }.map(\.id) == ["e-5", "e-6"])
        #expect(Self.done(h.drained(1)).isEmpty)
    }

    @Test func aShowInFlightIsNeitherRetractedNorExpired() {
        var h = Harness(limits: Self.limits)
        h.ready("main", on: 1)
        h.step(9, open("app://record/1", expiration: h.now.milliseconds / 1000 + 1))
        h.advance(seconds: 5)
        #expect(h.input(.timer).records.isEmpty)
        #expect(h.step(9, .retract(.id("e-1"))).results(to: 9) == [.success(.retracted(0))])
        #expect(Self.done(h.drained(1)) == ["e-1"])
    }

    /// A batch also stops at `maxStepBytesInFlight` of step events (the output cap counts them): with
    /// room for a hundred entries but bytes for about three, a hand-over goes out a few at a time, the
    /// next once the connection has written them.
    @Test func aBatchStopsAtTheStepBytesInFlight() {
        var h = Harness(limits: RouterLimits(maxShowsInFlight: 100, maxStepBytesInFlight: 1000))
        for number in 1...20 { h.step(9, open("app://record/\(number)")) }
        let appeared = h.ready("main", on: 1)
        let first = Self.shownEntries(appeared)
        let bytes = appeared.events(to: 1).map(\.stepLineBytes)
        #expect(first.count > 1 && first.count < 20, "sent \(first.count) entries, \(bytes.reduce(0, +)) bytes")
        #expect(bytes.dropLast(2).reduce(0, +) < 1000, "the batch went on past the budget")
        let second = Self.shownEntries(h.drained(1))
        #expect(second.first == "e-\(first.count + 1)" && second.count > 1)
    }

    /// However large one entry's steps are, one goes out with nothing in flight: a hand-over never stalls.
    @Test func theFirstEntryGoesOutPastTheBudget() {
        var h = Harness(limits: RouterLimits(maxShowsInFlight: 100, maxStepBytesInFlight: 1))
        for number in 1...3 { h.step(9, open("app://record/\(number)")) }
        #expect(Self.shownEntries(h.ready("main", on: 1)) == ["e-1"])
        #expect(Self.shownEntries(h.drained(1)) == ["e-2"])
        #expect(Self.shownEntries(h.drained(1)) == ["e-3"])
    }
}
