import EntryKit

/// The value checks of typed segments (`<int:…>`, `<uuid:…>`), on the decoded segment's UTF-8.
enum SegmentTypes {
    /// An optional `-` and decimal digits that fit in an `Int64`; no `+`, no spaces.
    static func isInt(_ bytes: ByteView) -> Bool {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        return digits.count < 19 || Int64(bytes.string) != nil
    }

    /// The 8-4-4-4-12 form, hex digits of either case.
    static func isUUID(_ bytes: ByteView) -> Bool {
        guard bytes.count == 36 else { return false }
        var offset = 0
        for byte in bytes {
            let isDash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            guard isDash ? byte == UInt8(ascii: "-") : ASCII.isHexDigit(byte) else { return false }
            offset += 1
        }
        return true
    }
}
