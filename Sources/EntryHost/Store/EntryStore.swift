import EntryRouter

/// Where the daemon keeps what it acknowledged (R16, R18).
///
/// The daemon commits each loop turn's records in one call, before it writes that turn's replies.
package protocol EntryStore: AnyObject {
    /// Everything a restarted router needs: entries not yet consumed and the dedupe window.
    func load() throws(StoreError) -> StoredState
    /// Records of one turn, atomically and durably (one transaction).
    func commit(_ records: [Record]) throws(StoreError)
    /// The store's own consistency check; "ok" when sound.
    func integrityCheck() throws(StoreError) -> String
    /// A human-readable description for logs and `status` (a path or `:memory:`).
    var location: String { get }
    /// False when `commit` ignores its records and cannot fail: the daemon then does not gather a
    /// turn's records at all, which would copy every one of them for nothing.
    var keepsRecords: Bool { get }
}

extension EntryStore {
    /// A store keeps what it is given unless it says otherwise.
    package var keepsRecords: Bool { true }
}

/// What a store holds when the daemon starts.
package struct StoredState: Sendable {
    /// Entries whose state is `pending`, `queued` or `presenting`.
    package var entries: [EntryRecord]
    package var seen: [SeenKey]
    /// One more than the largest N of any stored generated id `e-N`, so ids never repeat across restarts.
    package var nextEntryNumber: UInt64
    /// The next modal and screen numbers (`m-N`, `s-N`), so those ids never repeat either.
    package var issued: IssuedNumbers

    package init(entries: [EntryRecord] = [], seen: [SeenKey] = [], nextEntryNumber: UInt64 = 1,
                issued: IssuedNumbers = IssuedNumbers()) {
        self.entries = entries
        self.seen = seen
        self.nextEntryNumber = nextEntryNumber
        self.issued = issued
    }
}

/// A store failure, naming the file and what went wrong.
package struct StoreError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
