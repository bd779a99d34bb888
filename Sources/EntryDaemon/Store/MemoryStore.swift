import EntryRouter

/// A store that keeps everything in memory (`--store :memory:`): the same contract as the durable
/// store except that nothing survives the process. Tests and throwaway daemons use it.
///
/// Only live entries are kept: `load` returns nothing else, and a daemon that replaces entries all
/// day (R6) must neither grow nor pay for an ever larger dictionary on each commit.
public final class MemoryStore: EntryStore {
    private var entries: [String: EntryRecord] = [:]
    private var seen: [DedupeKey: Instant] = [:]
    private var nextEntryNumber: UInt64 = 1

    public init() {}

    /// The `--store` value that selects it.
    public static let location = ":memory:"

    public var location: String { MemoryStore.location }

    public func load() throws(StoreError) -> StoredState {
        let live = entries.values
            .sorted { ($0.received, $0.id) < ($1.received, $1.id) }
        return StoredState(entries: live,
                           seen: seen.map { SeenKey($0.key, at: $0.value) }.sorted { $0.key < $1.key },
                           nextEntryNumber: nextEntryNumber)
    }

    public func commit(_ records: [Record]) throws(StoreError) {
        for record in records {
            switch record {
            case .entry(let entry):
                if entry.state.isTerminal {
                    entries.removeValue(forKey: entry.id)
                } else {
                    entries[entry.id] = entry
                }
                if entry.id.hasPrefix("e-"), let n = UInt64(entry.id.dropFirst(2)) {
                    nextEntryNumber = max(nextEntryNumber, n + 1)
                }
            case .seen(let key):
                seen[key.name] = key.at
            }
        }
    }

    public func integrityCheck() throws(StoreError) -> String { "ok" }
}
