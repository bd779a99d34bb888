import EntryRouter

/// The store of `--store :memory:`: it keeps nothing.
///
/// Nothing of an in-memory daemon survives its process, and while it runs the router itself holds every
/// live entry and the dedupe window; `load` is only ever called at start-up, when there is nothing yet.
/// So a commit has nothing to do: keeping copies nobody can read back would cost work on every turn and
/// memory that grows with every sender id. Tests and throwaway daemons use it, and the benchmark uses it
/// as the baseline that shows what durability costs.
package final class VolatileStore: EntryStore {
    package init() {}

    /// The `--store` value that selects it.
    package static let location = ":memory:"

    package var location: String { VolatileStore.location }

    package func load() throws(StoreError) -> StoredState { StoredState() }

    /// Nothing is kept, so the daemon need not gather a turn's records for `commit`.
    package var keepsRecords: Bool { false }

    package func commit(_ records: [Record]) throws(StoreError) {}

    package func integrityCheck() throws(StoreError) -> String { "ok" }
}
