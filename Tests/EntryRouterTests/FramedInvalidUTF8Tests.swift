import Testing
@testable import EntryKit
@testable import EntryRouter

/// A line the frame decoder passed through with invalid UTF-8 is the request decoder's to refuse.
@Suite struct FramedInvalidUTF8Tests {
    @Test func invalidUTF8IsBadJSON() {
        var decoder = FrameDecoder()
        decoder.append([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        guard case .line(let line) = decoder.next() else { Issue.record("expected a line"); return }
        guard case .failure(let failure) = Request.decode(line: line) else { Issue.record("decoded invalid UTF-8"); return }
        #expect(failure.error.code == .badJSON)
    }
}
