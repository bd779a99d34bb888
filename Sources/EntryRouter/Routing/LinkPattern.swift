/// One pattern of an apple-app-site-association component: `*` any run of characters, `?`
/// exactly one, everything else itself. Stored as the text is compared: percent escapes already
/// decoded where the file says patterns are percent-encoded, lowercased where it ignores case.
public struct LinkPattern: Sendable, Hashable {
    /// The pattern as the file wrote it, for messages.
    public let written: String
    let utf8: [UInt8]
    let caseSensitive: Bool

    init(written: String, compared: String, caseSensitive: Bool) {
        self.written = written
        self.caseSensitive = caseSensitive
        utf8 = Array((caseSensitive ? compared : compared.lowercased()).utf8)
    }

    /// Whether `text` (decoded) matches, folding case when the pattern ignores it.
    func matches(_ text: String) -> Bool {
        UniversalLinkRules.glob(utf8, matches: Array((caseSensitive ? text : text.lowercased()).utf8))
    }

    /// The text the pattern compares with, as written into `utf8`.
    var compared: String { String(decoding: utf8, as: UTF8.self) }
}
