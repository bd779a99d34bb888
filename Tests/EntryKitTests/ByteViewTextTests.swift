import Testing
import EntryKit

/// Views of literals, strings made of checked bytes, partial words and slices lent as views.
@Suite struct ByteViewTextTests {
    @Test func aLiteralsViewHoldsItsBytes() {
        let view = ByteView("{\"op\":")
        #expect(Array(view) == Array("{\"op\":".utf8))
        #expect(ByteView("").isEmpty)
        #expect(Array(ByteView("café")) == Array("café".utf8))
    }

    @Test func validUTF8StringIsWhatDecodingMakes() {
        let texts = ["", "a", "c1", "conn-7", "abcdefghijklmno", "abcdefghijklmnop", "caf\u{e9}", "\u{1F600}x",
                     String(repeating: "long text ", count: 30)]
        for text in texts {
            let bytes = Array(text.utf8)
            let made = bytes.withBufferView { $0.validUTF8String }
            #expect(made == text)
            #expect(Array(made.utf8) == bytes)
        }
    }

    @Test(arguments: 0...18)
    func aPartialWordIsTheWordWithZerosPastTheEnd(count: Int) {
        let bytes = (0..<count).map { UInt8(0x41 + $0) }
        let padded = bytes + [UInt8](repeating: 0, count: 24)
        let (partial, whole) = bytes.withBufferView { view in
            padded.withBufferView { pad in
                ([0, 3, 8].map { view.loadPartialWord(at: $0) }, [0, 3, 8].map { pad.loadWord(at: $0) })
            }
        }
        #expect(partial == whole)
    }

    @Test func aSliceIsLentIndexedFromZero() {
        let bytes = Array("0123456789".utf8)
        let text = bytes[3..<7].withBufferView { view in (view.startIndex, view.string) }
        #expect(text.0 == 0 && text.1 == "3456")
        #expect(bytes[5..<5].withBufferView { $0.isEmpty })
    }
}
