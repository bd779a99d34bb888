/// Which part of the `status` reply a request asks for (docs/PROTOCOL.md, status): `limit`
/// bounds every list of the reply, so that no status, however large the inbox or a scene's queue
/// and stacks, is built past what a connection may hold; `after` continues the pending list where an
/// earlier reply's `next` left it.
public struct StatusPage: Sendable, Hashable {
    @usableFromInline package static let defaultLimit = 100
    /// A larger `limit` reads as this: a page of 1000 entries is a few hundred kilobytes at most.
    package static let maxLimit = 1000

    package var limit: Int
    /// The arrival number of the last entry an earlier page listed; the page starts after it, whether
    /// or not that entry is still pending.
    package var after: UInt64?

    public init(limit: Int = StatusPage.defaultLimit, after: UInt64? = nil) {
        self.limit = max(1, min(limit, Self.maxLimit))
        self.after = after
    }

    /// The cursor a reply's `next` carries: the arrival number of the last entry listed. Opaque to
    /// clients, and good for the life of the daemon (a restart numbers the entries anew).
    static func next(after seq: UInt64) -> String { "p\(seq)" }

    /// The position an `after` cursor names: `.some(nil)` without one, nil for a text that no reply
    /// gave. A reply's `next` is `p` and the arrival number of an entry that arrived, written in
    /// decimal without a sign or a leading zero: numbers start at 1 and stay below `nextSeq`, so
    /// `p0`, a number not yet given and any other spelling (`p+3`, `p03`) name no entry.
    static func cursor(_ text: String?, below nextSeq: UInt64) -> UInt64?? {
        guard let text else { return .some(nil) }
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "p"), let lead = digits.first,
              lead != UInt8(ascii: "0"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let seq = UInt64(text.dropFirst()), seq < nextSeq else { return nil }
        return .some(seq)
    }

    static func badCursor(_ text: String?) -> WireError {
        WireError(.badRequest, "`after` must be the `next` of an earlier status reply (such as \"p120\"), "
            + "not \"\(text ?? "")\"")
    }
}
