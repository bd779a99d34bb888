import Testing
import EntryKit

/// Short ASCII strings written as the standard library lays out a small string: each must be the
/// same string, in every respect a caller can observe, as the one `String(decoding:as:)` makes.
@Suite struct ShortASCIITests {
    private func made(_ text: String) -> String {
        Array(text.utf8).withBufferView { ShortASCII.string($0) }
    }

    private func expectSame(_ text: String) {
        let string = made(text)
        #expect(string == text)
        #expect(string.utf8.count == text.utf8.count)
        #expect(Array(string.utf8) == Array(text.utf8))
        #expect(string.count == text.count)
        #expect(string.hashValue == text.hashValue)
        let ascii = string.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii)
        var copy = string
        copy.withUTF8 { #expect(Array($0) == Array(text.utf8)) }
        copy.append("!")
        #expect(copy == text + "!")
    }

    @Test func emptyIsTheEmptyString() {
        let string = made("")
        #expect(string.isEmpty && string == "" && string.utf8.count == 0)
    }

    @Test(arguments: 1...20)
    func everyLengthIsTheSameString(length: Int) {
        let alphabet = Array("aZ09-_.:/~ {}\u{7F}\u{01}".utf8)
        let bytes = (0..<length).map { alphabet[$0 % alphabet.count] }
        expectSame(String(decoding: bytes, as: UTF8.self))
    }

    @Test func fifteenBytesStaysInlineSixteenIsLarge() {
        expectSame("fifteen-bytes!!")
        expectSame("sixteen-bytes!!!")
        expectSame(String(repeating: "x", count: 300))
    }

    @Test func comparesAndHashesAsItsText() {
        let keys = ["c1", "conn-7", "n", "serviceNotice", "123456789012345"]
        let made = Set(keys.map(made))
        #expect(made == Set(keys))
        #expect(self.made("c1") < self.made("c2"))
        #expect(self.made("conn-7").hasPrefix("conn-"))
    }
}
