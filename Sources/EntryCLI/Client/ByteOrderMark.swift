/// The UTF-8 byte-order mark some editors (and Windows tools) put at the start of a text file. JSON
/// forbids it, but a person cannot see it, so the files people write by hand (`.apns` payloads,
/// scenarios) are read without it.
package enum ByteOrderMark {
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` without a leading UTF-8 byte-order mark.
    package static func stripped(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: utf8) ? bytes.dropFirst(utf8.count) : bytes[...]
    }
}
