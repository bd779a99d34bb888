import Testing
@testable import EntryRouter

/// `status` is bounded by construction (docs/PROTOCOL.md): every list is cut to the page's limit, the
/// pending list pages on with `next` and `after`, and the screens tracked per scene have a bound.
@Suite struct RouterStatusPageTests {
    static func pending(_ count: Int) -> Harness {
        var h = Harness()
        for index in 1...count { h.step(9, open("app://record/\(index)")) }
        return h
    }

    @Test func pagesWalkThePendingEntriesInArrivalOrderWithCompleteCounts() {
        let h = Self.pending(25)
        var seen: [String] = []
        var after: UInt64?? = .some(nil)
        while case .some(let cursor) = after {
            let page = h.router.status(StatusPage(limit: 10, after: cursor))
            #expect(page.pending.count <= 10)
            #expect(page.counts[.pending] == 25)
            seen += page.pending.map(\.id)
            after = page.next.map { StatusPage.cursor($0, below: h.router.nextSeq) ?? nil }
        }
        #expect(seen == (1...25).map { "e-\($0)" })
    }

    /// The cursor names a position, not an entry: it goes on after the last entry listed even when
    /// that entry has left since.
    @Test func aPageContinuesAfterAnEntryThatLeftSince() {
        var h = Self.pending(6)
        let first = h.router.status(StatusPage(limit: 3))
        #expect(first.pending.map(\.id) == ["e-1", "e-2", "e-3"])
        h.step(9, .retract(.id("e-3")))
        h.step(9, .retract(.id("e-4")))
        let cursor = StatusPage.cursor(first.next, below: h.router.nextSeq) ?? nil
        let second = h.router.status(StatusPage(limit: 3, after: cursor))
        #expect(second.pending.map(\.id) == ["e-5", "e-6"])
        #expect(second.next == nil)
    }

    @Test(arguments: [(0, 1), (5, 5), (1000, 1000), (100_000, 1000)])
    func aLimitIsAtLeastOneAndAtMostAThousand(asked: Int, read: Int) {
        #expect(StatusPage(limit: asked).limit == read)
    }

    /// With three entries received, the replies could have given `p1`, `p2` and `p3` and nothing else:
    /// `p0`, a number past the last entry's and other spellings of a good one are refused too.
    @Test(arguments: ["p", "12", "px", "p-1", "", "p0", "p4", "p9", "p+1", "p01", " p1", "p1 ", "p1.0",
                      "p18446744073709551616"])
    func aCursorThatNoReplyGaveIsABadRequestNamingAfter(text: String) {
        var h = Self.pending(3)
        let reply = h.step(9, .status(limit: 10, after: text)).errors(to: 9).first
        #expect(reply?.code == .badRequest)
        #expect(reply?.message.contains("after") == true)
    }

    @Test(arguments: ["p1", "p2", "p3"])
    func aCursorOfAnEntryThatArrivedIsTaken(text: String) {
        var h = Self.pending(3)
        let reply = h.step(9, .status(limit: 1, after: text))
        #expect(reply.errors(to: 9).isEmpty, "\(text): \(reply.errors(to: 9))")
        guard case .success(.status(let report))? = reply.results(to: 9).first else {
            Issue.record("no status reply for \(text): \(reply)")
            return
        }
        let after = Int(text.dropFirst()) ?? 0
        #expect(report.pending.map(\.id) == (after < 3 ? ["e-\(after + 1)"] : []))
    }

    @Test func theRequestsLimitBoundsEveryListOfTheReply() throws {
        var h = Harness()
        h.ready()
        for index in 1...5 { h.step(1, scene("main", .pushed(screen: "list-\(index)", parent: nil))) }
        h.step(1, scene("main", .busy(true)))
        for kind in ["guide", "tutorial", "update", "notice", "card"] { h.step(9, open("app://\(kind)/x")) }
        let reply = h.step(9, .status(limit: 2))
        guard case .success(.status(let report))? = reply.results(to: 9).first else {
            Issue.record("no status reply: \(reply)")
            return
        }
        let main = try #require(report.scenes.first)
        #expect(main.queue.count == 2)
        #expect(main.stacks["home"] == ["list-4", "list-5"], "a stack's top")
    }

    /// An app that never reports its screens finished: past `maxScreens` the oldest are forgotten,
    /// counted for the log, and finishing one is an unknown screen's finish, never silent.
    @Test func theScreensTrackedPerSceneAreBounded() {
        var h = Harness(limits: RouterLimits(maxScreens: 3))
        h.ready()
        var forgotten = 0
        for index in 1...5 {
            let turn = h.step(1, scene("main", .pushed(screen: "list-\(index)", parent: "root")))
            for case .screensForgotten(let count) in turn { forgotten += count }
        }
        #expect(forgotten == 2)
        #expect(h.status.scenes.first?.stacks["home"] == ["list-3", "list-4", "list-5"])
        #expect(h.step(1, scene("main", .finish(screen: "list-1"))).events(to: 1)
            == [.pop(scene: "main", screen: "list-1", reason: "unknown screen")])
        #expect(h.step(1, scene("main", .finish(screen: "list-4"))).events(to: 1)
            == [.detach(scene: "main", screen: "list-4", parent: "root")])
        #expect(h.status.scenes.first?.stacks["home"] == ["list-3"])
    }

    /// The oldest screen across the scene's tabs goes first, not the oldest of the tab pushed to.
    @Test func theOldestScreenOfAnyTabIsForgottenFirst() {
        var stacks = Stacks()
        #expect(stacks.push(Screen(id: "a", parent: nil), on: "records", limit: 2) == 0)
        #expect(stacks.push(Screen(id: "b", parent: nil), on: "home", limit: 2) == 0)
        #expect(stacks.push(Screen(id: "c", parent: nil), on: "home", limit: 2) == 1)
        #expect(stacks.status(limit: 10) == ["home": ["b", "c"]])
        #expect(stacks.count == 2)
    }
}
