import Testing
@testable import EntryRouter

/// Short plain strings are made from their bytes' words: each must be the very string the standard
/// library makes (same words, equal, same UTF-8), whether the text could be read as two whole words
/// or had to be read byte by byte, and anything that is not 1 to 15 bytes is left to the general path.
@Suite struct SmallASCIIStringTests {
    private let source = Array("c0123456789abcdefghijklmnopqrstu\"}".utf8)

    @Test func theLayoutIsTheStandardLibrarys() {
        #expect(SmallASCIIString.layoutHolds)
    }

    @Test(arguments: 1...15)
    func everyLengthMatchesTheStandardLibrary(count: Int) throws {
        try source.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[3..<3 + count])
            let expected = String(decoding: text, as: UTF8.self)
            // Room for two whole words, and exactly the text's bytes and no more.
            for readable in [all.count - 3, count] {
                let made = try #require(SmallASCIIString.make(text, readable: readable))
                #expect(made == expected)
                #expect(Array(made.utf8) == Array(expected.utf8))
                #expect(made.count == count)
                let madeWords = unsafeBitCast(made, to: (UInt64, UInt64).self)
                let expectedWords = unsafeBitCast(expected, to: (UInt64, UInt64).self)
                #expect(madeWords.0 == expectedWords.0 && madeWords.1 == expectedWords.1)
            }
        }
    }

    @Test func theBytesAfterTheTextAreLeftOut() throws {
        try source.withUnsafeBufferPointer { all in
            let made = try #require(SmallASCIIString.make(UnsafeBufferPointer(rebasing: all[0..<5]), readable: all.count))
            #expect(made == "c0123")
            #expect(made + "x" == "c0123x")
            #expect(made.hashValue == "c0123".hashValue)
        }
    }

    @Test func emptyAndLongerTextTakeTheGeneralPath() {
        source.withUnsafeBufferPointer { all in
            #expect(SmallASCIIString.make(UnsafeBufferPointer(rebasing: all[0..<0]), readable: all.count) == nil)
            #expect(SmallASCIIString.make(UnsafeBufferPointer(rebasing: all[0..<16]), readable: all.count) == nil)
            #expect(SmallASCIIString.make(UnsafeBufferPointer(rebasing: all[0..<30]), readable: all.count) == nil)
        }
    }

    /// A decoded push keeps its `id` and `collapseId` exactly as written, short or not.
    @Test(arguments: ["a", "c12345678", "exactly15bytes!", "sixteen-bytes-16", "a much longer identifier"])
    func decodedIdentifiersAreKept(id: String) throws {
        let line = #"{"op":"push","id":"\#(id)","collapseId":"\#(id)","payload":{}}"#
        let request = try Request.decode(line: Array(line.utf8)[...]).get()
        guard case .push(let push) = request.op else { Issue.record("not a push"); return }
        #expect(push.id == id)
        #expect(push.collapseId == id)
    }
}
