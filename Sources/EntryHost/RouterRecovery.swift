import EntryRouter

/// Builds a router from what a store kept, the one way both hosts do it: the daemon from its SQLite
/// file when it starts, a test's process from its in-memory store when a test restarts its daemon. A
/// crash in a test is then recovered exactly as a crash of the daemon is.
package enum RouterRecovery {
    /// The router with the store's state, its first turn ended (which recovers it: expired entries
    /// recorded, the timer asked for), and what that turn decided, for the host to perform.
    package static func makeRouter(config: Config, limits: RouterLimits, store: EntryStore,
                                   at now: Instant) throws(StoreError) -> (router: Router, restored: Int, startup: TurnResult) {
        var (router, restored) = try loadRouter(config: config, limits: limits, store: store)
        var startup = TurnResult()
        router.endTurn(.turnEnded, at: now, into: &startup)
        return (router, restored, startup)
    }

    /// The router with the store's state, not yet recovered; the loaded records die with this call.
    private static func loadRouter(config: Config, limits: RouterLimits,
                                   store: EntryStore) throws(StoreError) -> (router: Router, restored: Int) {
        let stored = try store.load()
        let router = Router(config: config, routing: RoutingTable(config: config, limits: limits), limits: limits,
                            restoring: stored.entries, seen: stored.seen, nextEntryNumber: stored.nextEntryNumber,
                            issued: stored.issued, persisting: store.keepsRecords)
        return (router, stored.entries.count)
    }
}
