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

    /// The position an `after` cursor names; nil without one, `.some(nil)` for a text that is no cursor.
    static func cursor(_ text: String?) -> UInt64?? {
        guard let text else { return .some(nil) }
        guard text.utf8.first == UInt8(ascii: "p"), let seq = UInt64(text.dropFirst()) else { return nil }
        return .some(seq)
    }

    static func badCursor(_ text: String?) -> WireError {
        WireError(.badRequest, "`after` must be the `next` of an earlier status reply (such as \"p120\"), "
            + "not \"\(text ?? "")\"")
    }
}
