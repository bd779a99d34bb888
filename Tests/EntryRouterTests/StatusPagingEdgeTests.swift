import Testing
@testable import EntryRouter

/// `status` pages at their edges: a page holding exactly `limit` entries says `next` when one more
/// follows it, and only then. Both ways the inbox keeps its entries are read: in arrival order (every
/// entry arrived after the one before), and out of it (entries a disconnected scene handed back).
@Suite struct StatusPagingEdgeTests {
    /// How the inbox holds its pending entries.
    enum Inbox: CaseIterable, CustomStringConvertible {
        /// Each arrived after the one before: `e-1`, `e-2`, … in the inbox's order.
        case inArrivalOrder
        /// Out of it: `e-1`, on screen in a scene that went to the background, returns to pending
        /// when the scene disconnects, after the entries that arrived meanwhile.
        case handedBack

        var description: String { self == .inArrivalOrder ? "in arrival order" : "handed back" }
    }

    /// A router with `count` pending entries, `e-1` … `e-count`, held as `inbox` says.
    static func pending(_ count: Int, _ inbox: Inbox) -> Harness {
        var h = Harness()
        switch inbox {
        case .inArrivalOrder:
            for index in 1...count { h.step(9, open("app://record/\(index)")) }
        case .handedBack:
            h.ready()
            h.step(9, open("app://notice/x"))
            h.step(1, scene("main", .background))
            for index in 2..<(count + 1) { h.step(9, open("app://record/\(index)")) }
            _ = h.input(.disconnected(ConnectionID(1)))
            _ = h.endTurn()
        }
        return h
    }

    static func ids(_ range: ClosedRange<Int>) -> [String] { range.map { "e-\($0)" } }

    static func page(_ h: Harness, limit: Int, after next: String? = nil) throws -> StatusReport {
        let cursor = try #require(StatusPage.cursor(next, below: h.router.nextSeq), "not a cursor: \(next ?? "")")
        return h.router.status(StatusPage(limit: limit, after: cursor))
    }

    @Test(arguments: Inbox.allCases, [1, 2, 4])
    func aFullPageWithOneEntryAfterItSaysNext(inbox: Inbox, limit: Int) throws {
        let h = Self.pending(limit + 1, inbox)
        #expect(h.status.counts[.pending] == limit + 1)
        let first = try Self.page(h, limit: limit)
        #expect(first.pending.map(\.id) == Self.ids(1...limit))
        let next = try #require(first.next, "a full page of \(limit) with one entry after it has no `next`")
        let second = try Self.page(h, limit: limit, after: next)
        #expect(second.pending.map(\.id) == ["e-\(limit + 1)"])
        #expect(second.next == nil, "the last page says `next`: \(second.next ?? "")")
    }

    @Test(arguments: Inbox.allCases, [1, 2, 5])
    func aFullPageWithNothingAfterItHasNoNext(inbox: Inbox, limit: Int) throws {
        let h = Self.pending(limit, inbox)
        let only = try Self.page(h, limit: limit)
        #expect(only.pending.map(\.id) == Self.ids(1...limit))
        #expect(only.next == nil, "a page holding every pending entry says `next`: \(only.next ?? "")")
    }

    /// Entries that left after a full page do not count as following it, and one that is still there
    /// behind one that left does.
    @Test(arguments: [1, 3])
    func onlyEntriesStillPendingCountAsFollowingAFullPage(limit: Int) throws {
        var h = Self.pending(limit + 2, .inArrivalOrder)
        h.step(9, .retract(.id("e-\(limit + 1)")))
        let first = try Self.page(h, limit: limit)
        let next = try #require(first.next, "an entry still follows the full page, behind one that left")
        #expect(try Self.page(h, limit: limit, after: next).pending.map(\.id) == ["e-\(limit + 2)"])
        h.step(9, .retract(.id("e-\(limit + 2)")))
        #expect(try Self.page(h, limit: limit).next == nil, "only entries that left follow the full page")
    }

    /// Every page but the last says `next`, whatever the count and the limit: the walk lists each
    /// pending entry once, in arrival order, in as many pages as it takes and no more.
    @Test(arguments: Inbox.allCases, [1, 2, 3])
    func aWalkTakesAsManyPagesAsItNeeds(inbox: Inbox, limit: Int) throws {
        for count in 1...5 {
            let h = Self.pending(count, inbox)
            var pages: [[String]] = []
            var next: String?
            repeat {
                let page = try Self.page(h, limit: limit, after: next)
                pages.append(page.pending.map(\.id))
                next = page.next
            } while next != nil && pages.count <= count
            #expect(pages.flatMap { $0 } == Self.ids(1...count), "\(count) pending, limit \(limit): \(pages)")
            #expect(pages.count == (count + limit - 1) / limit, "\(count) pending, limit \(limit): \(pages)")
        }
    }
}
