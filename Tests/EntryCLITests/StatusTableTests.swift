@testable import EntryCLI
import EntryRouter
import Testing

/// `entryd status` prints a page of the pending entries and, when more follow, the command that
/// shows the next page (the reply's `next`).
@Suite struct StatusTableTests {
    static func reply(next: String?) throws -> JSONValue {
        let next = next.map { #","next":""# + $0 + "\"" } ?? ""
        let text = #"{"req":1,"ok":true,"config":null,"bundle":"b","scenes":[],"pending":[{"id":"e-1","route":"r","source":"deeplink","received":1,"expires":null,"scene":null}]"#
            + next + #","counts":{"pending":3}}"#
        return try JSONValue.parse(Array(text.utf8)[...])
    }

    @Test func aPageWithMoreAfterItNamesTheNextCommand() throws {
        let table = StatusTable.render(try Self.reply(next: "p1"))
        #expect(table.contains("(1 of 3 pending entries, in arrival order)"))
        #expect(table.contains("more: entryd status --after p1"))
    }

    @Test func theLastPageNamesNoNextCommand() throws {
        #expect(!StatusTable.render(try Self.reply(next: nil)).contains("more:"))
    }

    /// The next page's command repeats the flags it is given, each word as a shell reads it back.
    @Test func theNextCommandRepeatsItsFlagsAsAShellReadsThem() throws {
        let table = StatusTable.render(try Self.reply(next: "p1"), repeating: ["--limit", "50", "--socket", "/tmp/it's here/x.sock"])
        #expect(table.contains(#"more: entryd status --after p1 --limit 50 --socket '/tmp/it'\''s here/x.sock'"#), "\(table)")
    }
}
