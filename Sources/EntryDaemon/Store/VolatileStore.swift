import EntryRouter

/// The store of `--store :memory:`: it keeps nothing.
///
/// Nothing of an in-memory daemon survives its process, and while it runs the router itself holds every
/// live entry and the dedupe window; `load` is only ever called at start-up, when there is nothing yet.
/// So a commit has nothing to do: keeping copies nobody can read back would cost work on every turn and
/// memory that grows with every sender id. Tests and throwaway daemons use it, and the benchmark uses it
/// as the baseline that shows what durability costs.
public final class VolatileStore: EntryStore {
    public init() {}

    /// The `--store` value that selects it.
    public static let location = ":memory:"

    public var location: String { VolatileStore.location }

    public func load() throws(StoreError) -> StoredState { StoredState() }

    /// Nothing is kept, so the daemon need not gather a turn's records for `commit`.
    public var keepsRecords: Bool { false }

    public func commit(_ records: [Record]) throws(StoreError) {}

    public func integrityCheck() throws(StoreError) -> String { "ok" }
}
