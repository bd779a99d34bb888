import CSQLite
import EntryHost
import EntryRouter
import EntrySystem
import Glibc

/// The daemon's start-up wiring of config, store and router, kept in one place because each of
/// them has its own loading and recovery steps.
enum RouterSetup {
    /// Reads and validates the route config: `--config FILE`, or the embedded sample. The config
    /// keeps the name it was read under (`Config.file`), for `status` and the log.
    static func loadConfig(path: String?) throws(DaemonError) -> Config {
        let file = path ?? EmbeddedConfig.file
        let bytes: [UInt8]
        if let path {
            switch RegularFile.read(path, limit: RegularFile.configLimit) {
            case .success(let contents): bytes = contents
            case .failure(let problem): throw .configUnreadable(file: path, reason: problem.description)
            }
        } else {
            bytes = Array(EmbeddedConfig.json.utf8)
        }
        do {
            return try Config.load(json: bytes, file: file, readFile: ConfigFileReader.read)
        } catch {
            let count = error.errors.count
            throw .config(file: file, message: "\(count) \(count == 1 ? "problem" : "problems"):\n\(error)")
        }
    }

    /// Opens the store named by `--store`: `:memory:` keeps nothing (a throwaway run, and the
    /// baseline that shows what durability costs); else a SQLite file, by default under
    /// `$XDG_STATE_HOME/entryd/`, whose directories are made when missing (never those of a
    /// `--store` path).
    static func openStore(location: String?, limits: RouterLimits) throws(DaemonError) -> EntryStore {
        if location == VolatileStore.location { return VolatileStore() }
        do throws(StoreError) {
            let path: String
            if let location {
                // A directory the user named is theirs to make: a missing one is more likely a typo
                // than a wish, and a store made there would not be found again.
                path = location
            } else {
                path = try StorePath.processDefault()
                try StorePath.createDirectory(for: path)
            }
            // Only a regular file (or none yet) is a store: SQLite would take a FIFO or a device for
            // one and fail on its first read with an I/O error that names neither.
            var info = stat()
            if stat(path, &info) == 0, let problem = RegularFile.problem(with: info, limit: Int.max) {
                throw StoreError(path: path, message: "cannot open the store: \(problem)")
            }
            return try SQLiteStore(path: path, seenWindowMilliseconds: limits.dedupeWindowMilliseconds,
                                   maxSeenKeys: limits.maxDedupeKeys)
        } catch {
            throw .store(error)
        }
    }

    /// Builds the router from what the store kept (`RouterRecovery`, as a test's in-process host
    /// does) and gives back to the C library the heap that loading used.
    static func makeRouter(config: Config, limits: RouterLimits, store: EntryStore,
                           at now: Instant) throws(DaemonError) -> (router: Router, restored: Int, startup: TurnResult) {
        let setup: (router: Router, restored: Int, startup: TurnResult)
        do {
            setup = try RouterRecovery.makeRouter(config: config, limits: limits, store: store, at: now)
        } catch {
            throw .store(error)
        }
        // Loading built (and has dropped) a record per stored entry: tens of MiB with a full inbox, whose
        // pages glibc would otherwise keep for the life of the process.
        entryd_release_free_heap()
        return setup
    }
}
