import Testing
import EntryKit

/// `elementsEqual(from:_:from:count:)` compares spans a word at a time with loads that overlap at the
/// span's end: every length from empty to several words, a difference at every position, and spans
/// at the very ends of their views, so that a load past a span would be caught by the address
/// sanitizer and a skipped byte by a wrong answer.
@Suite struct ByteViewSpanEqualityTests {
    private func equal(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int, _ count: Int) -> Bool {
        a.withBufferView { a in b.withBufferView { a.elementsEqual(from: i, $0, from: j, count: count) } }
    }

    @Test func everyLengthAndEveryDifferingByte() {
        for count in 0...26 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0 * 7) }
            #expect(equal(a, 0, a, 0, count), "\(count) equal bytes")
            for position in 0..<count {
                var b = a
                b[position] ^= 0x20
                #expect(!equal(a, 0, b, 0, count), "\(count) bytes, byte \(position) differs")
                #expect(equal(a, 0, b, 0, position), "the \(position) bytes before the difference")
            }
        }
    }

    @Test func spansAtOffsetsAndViewEnds() {
        let text = Array("xx\"noticeId\":\"serviceNotice\"".utf8)
        let pool = Array("serviceNoticenoticeId".utf8)
        #expect(equal(pool, 13, text, 3, 8))
        #expect(equal(pool, 0, text, 14, 13))
        #expect(equal(pool, 5, text, 19, 7))
        #expect(!equal(pool, 0, text, 13, 13))
        #expect(equal(pool, 20, text, 10, 1))
        #expect(equal(pool, 21, text, 28, 0), "empty spans at both ends")
    }

    @Test func spansOfExtractedViewsStartAtTheirOwnZero() {
        let bytes = Array("..abcdefghij..abcdefghij".utf8)
        let same = bytes.withBufferView { whole in
            whole.extracting(2..<12).elementsEqual(from: 0, whole.extracting(from: 14), from: 0, count: 10)
        }
        #expect(same)
    }
}
