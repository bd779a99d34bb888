import EntryKit

/// A scheme or host of the config, lowercased once, that a URL's bytes are compared with.
///
/// The comparison folds the URL's ASCII letters and compares bytes, which is what `String`
/// equality of the lowercased texts gives whenever both are ASCII (every name a loaded config
/// has). Where either is not, it compares the lowercased texts as `String`s, so a config built
/// by hand gets the same answers it always did.
struct FoldedName: Sendable {
    let text: String
    private let utf8: [UInt8]
    private let isASCII: Bool

    init(_ name: String) {
        text = ASCII.lowercased(name)
        utf8 = Array(text.utf8)
        isASCII = utf8.allSatisfy { $0 < 0x80 }
    }

    func matches(_ bytes: ByteView) -> Bool {
        if isASCII {
            if utf8.withBufferView({ ASCII.equalFolded(bytes, $0) }) { return true }
            if !bytes.contains(where: { $0 >= 0x80 }) { return false }
        }
        return ASCII.lowercased(bytes) == text
    }
}
