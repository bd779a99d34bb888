/// The value checks of typed segments (`<int:…>`, `<uuid:…>`), on the decoded segment text.
enum SegmentTypes {
    /// An optional `-` and decimal digits that fit in an `Int64`; no `+`, no spaces.
    static func isInt(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        return utf8.count < 19 || Int64(text) != nil
    }

    /// The 8-4-4-4-12 form, hex digits of either case.
    static func isUUID(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 36 else { return false }
        var offset = 0
        for byte in utf8 {
            let isDash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            guard isDash ? byte == UInt8(ascii: "-") : ASCII.isHexDigit(byte) else { return false }
            offset += 1
        }
        return true
    }
}
