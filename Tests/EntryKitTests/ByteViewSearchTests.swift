import EntryKit
import Testing

/// A search inside part of a view, and the block copies out of one: indices stay the whole view's,
/// and nothing outside the range is looked at or copied.
@Suite struct ByteViewSearchTests {
    @Test(arguments: [
        ("a/b/c", UInt8(ascii: "/"), 0..<5, 1),
        ("a/b/c", UInt8(ascii: "/"), 2..<5, 3),
        ("a/b/c", UInt8(ascii: "/"), 4..<5, nil),
        ("a/b/c", UInt8(ascii: "/"), 1..<1, nil),
        ("%%", UInt8(ascii: "%"), 1..<2, 1),
    ] as [(String, UInt8, Range<Int>, Int?)])
    func firstIndexIsFoundOnlyInsideTheRange(text: String, byte: UInt8, range: Range<Int>, found: Int?) {
        text.withUTF8View { view in
            #expect(view.firstIndex(of: byte, in: range) == found)
            #expect(view.contains(byte, in: range) == (found != nil))
        }
    }

    @Test func arraysAreMadeAndGrownFromViews() {
        let source: [UInt8] = Array("segment".utf8)
        var grown: [UInt8] = [1, 2]
        let copy = source.withBufferView { view -> [UInt8] in
            grown.append(contentsOf: view.extracting(0..<3))
            return Array(view)
        }
        #expect(copy == source)
        #expect(grown == [1, 2] + Array("seg".utf8))
    }
}
