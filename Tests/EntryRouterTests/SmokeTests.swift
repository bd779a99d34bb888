import Testing
@testable import EntryRouter

@Test func instantOrdering() {
    #expect(Instant(seconds: 1) < Instant(milliseconds: 1001))
}
