import Testing
@testable import EntryRouter

/// The turn model, limits, dedupe and status of docs/PROTOCOL.md.
@Suite struct RouterProtocolTests {
    @Test func nothingLeavesBeforeTheTurnEndsThenPersistsComeBeforeSendsAndClosesLast() {
        var h = Harness()
        h.send(1, scene("main", .connect(launch: nil)))
        h.send(1, scene("main", .appeared(screen: "home")))
        h.send(9, open("app://notice/a", id: "n1"))
        #expect(h.input(.invalid(ConnectionID(7), req: .string("x"), WireError(.frameTooLarge, "too long"), close: true)).isEmpty)
        let turn = h.endTurn()
        let kinds = turn.map { effect -> Int in
            switch effect {
            case .persist: return 0
            case .send(_, .reply): return 1
            case .send(_, .event): return 2
            case .close: return 3
            case .armTimer: return 4
            case .dedupeKeysEvicted: return 5
            case .screensForgotten: return 6
            }
        }
        #expect(kinds == kinds.sorted())
        #expect(turn.replies(to: 1).map(\.req) == [.number(1), .number(2)])
        #expect(turn.last == .close(ConnectionID(7)))
        #expect(turn.entryReplies == [EntryReply(id: "n1", route: "notice", params: ["arg": "a"], state: .presenting)])
    }

    @Test func aRepeatedIdIsADuplicateWithTheOriginalsRoute() {
        var h = Harness()
        let first = h.step(9, open("app://notice/a", id: "x"))
        #expect(first.seen.map(\.key) == ["id:x"])
        let again = h.step(9, open("app://notice/a", id: "x"))
        #expect(again.entryReplies == [EntryReply(id: "x", route: "notice", params: ["arg": "a"], state: .duplicate)])
        #expect(again.records.isEmpty && again.seen.isEmpty)
        #expect(h.status.pending.count == 1)
        #expect(h.status.counts[.duplicate] == 1)
    }

    @Test func aRepeatedIdAfterItsEntryEndedRepliesWithTheOriginal() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a", id: "x"))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        let again = h.step(9, open("app://card/7", id: "x"))
        #expect(again.entryReplies == [EntryReply(id: "x", route: "notice", params: ["arg": "a"], state: .duplicate)])
        #expect(again.records.isEmpty && again.seen.isEmpty)
    }

    @Test func anIdIsForgottenWhenItLeavesTheWindow() {
        var h = Harness(limits: RouterLimits(dedupeWindowMilliseconds: 60_000))
        h.ready()
        h.step(9, open("app://notice/a", id: "x"))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        h.advance(seconds: 61)
        #expect(h.step(9, open("app://notice/a", id: "x")).entryReplies.map(\.state) == [.presenting])
    }

    @Test func aRepeatedIdAfterARestartIsStillADuplicate() {
        var h = Harness()
        h.ready()
        h.step(9, push("notice", "a", id: "x"))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        var restarted = h.restarted()
        #expect(restarted.step(9, push("notice", "a", id: "x")).entryReplies.map(\.state) == [.duplicate])
    }

    @Test func generatedIdsSkipIdsSendersUsed() {
        var h = Harness()
        h.step(9, open("app://notice/a", id: "e-1"))
        #expect(h.step(9, open("app://update/b")).entryReplies.map(\.id) == ["e-2"])
    }

    @Test func aCollapseIdOverTheLimitIsABadRequestNamingIt() {
        var h = Harness()
        let error = h.step(9, push("notice", collapseId: String(repeating: "c", count: 65))).errors(to: 9).first
        #expect(error?.code == .badRequest && error?.message.contains("collapseId") == true)
        #expect(h.step(9, push("notice", collapseId: String(repeating: "c", count: 64))).errorCodes.isEmpty)
    }

    @Test(arguments: [
        (push("nope"), ErrorCode.noRoute),
        (open("app://nope"), .noRoute),
        (open("app://" + String(repeating: "a", count: 2048)), .notAllowed),
        (.push(PushRequest(payload: PushPayload(.object([:])), payloadBytes: 4097)), .payloadTooLarge),
    ])
    func routingErrorsKeepNothing(op: Operation, code: ErrorCode) {
        var h = Harness()
        let effects = h.step(9, op)
        #expect(effects.errorCodes == [code])
        #expect(effects.records.isEmpty)
    }

    @Test func aFullInboxRefusesNewEntries() {
        var h = Harness(limits: RouterLimits(maxPending: 2))
        h.step(9, open("app://record/1"))
        h.step(9, open("app://record/2"))
        #expect(h.step(9, open("app://record/3")).errorCodes == [.inboxFull])
    }

    @Test func anIdRefusedByAFullInboxIsNotRemembered() {
        var h = Harness(limits: RouterLimits(maxPending: 1))
        #expect(h.step(9, open("app://record/1", id: "a")).seen.map(\.key) == ["id:a"])
        let refused = h.step(9, open("app://record/2", id: "b"))
        #expect(refused.errorCodes == [.inboxFull])
        #expect(refused.seen.isEmpty)
        h.step(9, .retract(.id("a")))
        #expect(h.step(9, open("app://record/2", id: "b")).entryReplies.map(\.state) == [.pending])
    }

    @Test(arguments: ["id:x", "id:", "launch:url:app://record/1", "k", "i"])
    func aSeenKeyKeepsItsStoredForm(stored: String) {
        let key = SeenKey(key: stored, at: Instant(milliseconds: 1))
        #expect(key.key == stored)
        #expect(key == SeenKey(key: stored, at: Instant(milliseconds: 1)))
        #expect(key.name.isSenderId == stored.hasPrefix("id:"))
    }

    @Test func afterShutdownRequestsGetShuttingDown() {
        var h = Harness()
        h.send(9, open("app://notice/a"))
        let shutdown = h.input(.shutdown)
        #expect(shutdown.entryReplies.map(\.state) == [.pending])
        #expect(h.step(9, open("app://notice/b")).errorCodes == [.shuttingDown])
    }

    @Test(arguments: [(nil, EntrySource.deeplink), (EntrySource.widget, .widget), (EntrySource.deferred, .deferred)])
    func anOpenKeepsItsSourceOrDerivesIt(given: EntrySource?, expected: EntrySource) {
        var h = Harness()
        #expect(h.step(9, open("app://notice/a", source: given)).records.map(\.source) == [expected])
        #expect(h.step(9, open("https://app.test/update/b")).records.map(\.source) == [.universalLink])
        #expect(h.step(9, push("tutorial")).records.map(\.source) == [.push])
    }

    @Test func repliesToAConnectionThatWentAwayAreDropped() {
        var h = Harness()
        h.send(9, open("app://notice/a"))
        _ = h.input(.disconnected(ConnectionID(9)))
        let turn = h.endTurn()
        #expect(turn.replies(to: 9).isEmpty)
        #expect(turn.records.count == 1)
    }

    @Test func statusReportsScenesTheOldestPendingAndCompleteCounts() {
        var h = Harness()
        for n in 1...5 { h.step(9, open("app://record/\(n)")) }
        h.step(1, scene("main", .connect(launch: nil)))
        h.step(1, scene("main", .gate("signedIn", open: true)))
        h.step(9, .retract(.id("e-5")))
        let reply = h.step(9, .status(limit: 3)).results(to: 9).first
        guard case .success(.status(let status))? = reply else {
            Issue.record("expected a status")
            return
        }
        #expect(status.pending.map(\.id) == ["e-1", "e-2", "e-3"])
        #expect(status.counts[.pending] == 4 && status.counts[.retracted] == 1 && status.counts[.done] == 0)
        #expect(status.counts.count == EntryState.allCases.count)
        #expect(status.scenes == [SceneStatus(scene: "main", ready: false, busy: false, gates: ["signedIn": true],
                                              tab: "home", active: nil, queue: [], stacks: [:])])
    }

    @Test func theTimerIsArmedOnlyWhenTheNearestExpiryChanges() {
        var h = Harness()
        let first = h.step(9, open("app://invite/a"))
        #expect(first.contains(.armTimer(h.now.adding(seconds: 300).adding(milliseconds: 1))))
        let later = h.now.milliseconds / 1000 + 400
        #expect(!h.step(9, open("app://notice/b", expiration: later)).contains { if case .armTimer = $0 { true } else { false } })
    }
}
