import Testing
import EntryKit

/// The views are how the engine reads and writes raw memory without spelling a pointer; these check
/// that they see exactly the bytes they were lent, with the indices they promise.
@Suite struct BufferViewTests {
    @Test func aViewReadsTheArrayItWasLent() {
        let bytes: [UInt8] = Array("hello, view".utf8)
        let read = bytes.withBufferView { view in (view.count, Array(view), view[4], view.isEmpty) }
        #expect(read.0 == bytes.count)
        #expect(read.1 == bytes)
        #expect(read.2 == UInt8(ascii: "o"))
        #expect(read.3 == false)
        #expect(BufferView<UInt8>().isEmpty)
    }

    @Test func extractingStartsItsIndicesAtZeroWhereASliceKeepsThem() {
        Array("abcdef".utf8).withBufferView { view in
            let part = view.extracting(2..<5)
            #expect(part.startIndex == 0 && part.count == 3)
            #expect(part.string == "cde")
            let slice = view[2..<5]
            #expect(slice.startIndex == 2)
            #expect(view.extracting(slice.startIndex..<slice.endIndex).string == "cde")
            #expect(view.extracting(from: 4).string == "ef")
        }
    }

    @Test(arguments: [
        ("abc", "abc", true), ("abc", "abd", false), ("abc", "ab", false), ("", "", true),
    ])
    func equalityComparesTheBytes(a: String, b: String, equal: Bool) {
        let same = a.withUTF8View { x in b.withUTF8View { y in x.elementsEqual(y) } }
        #expect(same == equal)
    }

    @Test func equalityAgainstAStaticString() {
        #expect("push".withUTF8View { $0.elementsEqual("push") })
        #expect(!"pusH".withUTF8View { $0.elementsEqual("push") })
    }

    @Test func aWordIsReadLittleEndianAtAnyOffset() {
        let bytes: [UInt8] = [0xFF, 1, 2, 3, 4, 5, 6, 7, 8]
        let word = bytes.withBufferView { $0.loadWord(at: 1) }
        #expect(word == 0x0807_0605_0403_0201)
    }

    @Test func typedThrowsPassThroughALentView() {
        struct Refused: Error, Equatable {}
        #expect(throws: Refused.self) {
            try [1, 2, 3].withBufferView { (view) throws(Refused) -> Int in
                if view.count == 3 { throw Refused() }
                return view.count
            }
        }
        #expect(throws: Refused.self) {
            try withStackBuffer(of: Int.self, capacity: 4) { (room) throws(Refused) -> Int in throw Refused() }
        }
    }

    @Test func aStackBufferIsWrittenThenRead() {
        let sum = withStackBuffer(of: Int.self, capacity: 8) { room in
            for k in 0..<room.count { room[k] = k * k }
            return room.reading(2..<5).reduce(0, +)
        }
        #expect(sum == 4 + 9 + 16)
    }

    @Test func aMutableViewCopiesInAndWritesThroughToItsArray() {
        var target = [UInt8](repeating: 0, count: 6)
        Array("xyz".utf8).withBufferView { source in
            target.withMutableBufferView { room in
                room.copy(source, to: 2)
                room.extracting(0..<1)[0] = UInt8(ascii: "a")
                var cursor = ByteCursor(room, at: 5)
                cursor.write(UInt8(ascii: "!"))
            }
        }
        #expect(target == [UInt8(ascii: "a"), 0, UInt8(ascii: "x"), UInt8(ascii: "y"), UInt8(ascii: "z"), UInt8(ascii: "!")])
    }
}
