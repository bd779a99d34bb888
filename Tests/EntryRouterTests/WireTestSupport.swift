import Testing
@testable import EntryRouter
import EntryKit

/// The UTF-8 bytes of `text`, as a frame would hand them over.
func bytes(_ text: String) -> ArraySlice<UInt8> {
    ArraySlice(text.utf8)
}

/// The encoded line of `message`, as text. A connection's `OutputBuffer` must get the same bytes.
func line(_ message: Message) -> String {
    var out: [UInt8] = []
    message.encode(into: &out)
    var buffer = OutputBuffer()
    message.encode(into: &buffer)
    let buffered = buffer.withUnsafeBytes { Array($0) }
    #expect(buffered == out, "OutputBuffer and [UInt8] differ for \(message)")
    return String(decoding: out, as: UTF8.self)
}
