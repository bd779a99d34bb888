@testable import EntryRouter

/// The UTF-8 bytes of `text`, as a frame would hand them over.
func bytes(_ text: String) -> ArraySlice<UInt8> {
    ArraySlice(text.utf8)
}

/// The encoded line of `message`, as text.
func line(_ message: Message) -> String {
    var out: [UInt8] = []
    message.encode(into: &out)
    return String(decoding: out, as: UTF8.self)
}
