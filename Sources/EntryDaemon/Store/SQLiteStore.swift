import CSQLite
import EntryHost
import EntryRouter

/// The durable inbox: entries and the dedupe window in one SQLite file (R1, R15, R16, R18).
///
/// Durability is the point of this type. A `push` reply with `ok: true` promises that the entry survives a
/// `kill -9` and a power loss (R16), so the file runs in WAL mode with `synchronous=FULL`: every commit
/// fsyncs the write-ahead log before `commit` returns. (`NORMAL` would survive a killed process but could
/// lose the last commits on power loss, breaking the promise.) One `commit` per loop turn keeps the fsync
/// count at one per turn however many requests the turn carried.
///
/// The connection uses `locking_mode=EXCLUSIVE`: opening takes the file lock (the schema step is a write
/// transaction) and keeps it until the store is released, so a second daemon pointed at the same file fails
/// at start ("in use") instead of two routers handing out the same entries. The lock dies with the process,
/// so a restart after `kill -9` opens normally and replays the log. It also means no other process can read
/// the file while the daemon runs: `integrityCheck` is asked of the daemon's own store.
///
/// The file keeps only what a restart needs: live entries (`pending`, `queued`, `presenting`, or with
/// an accepted action's steps still to run) and the dedupe window's seen keys. An entry that reaches a final state is deleted in the commit that records
/// it, and one that arrives and finishes within one commit (replaced in its own turn, the usual fate of
/// a collapsed push) is never written at all. Nothing reads a finished entry: loading takes the live
/// ones, `status` counts come from the router, and duplicates across restarts come from the seen keys,
/// which a commit writes as one row (`SeenBatches`).
///
/// The store never changes a file that is not its own: an existing file must carry entryd's
/// `application_id`, or be an empty database, before anything is written to it.
package final class SQLiteStore: EntryStore {
    /// The default dedupe window (R18): 24 hours.
    package static let defaultSeenWindowMilliseconds: Int64 = 24 * 60 * 60 * 1000

    package let location: String
    let database: Database
    let seenWindowMilliseconds: Int64
    /// The most seen keys kept (`--max-dedupe-keys`): a commit deletes the oldest rows past it.
    let maxSeenKeys: Int
    /// How many seen keys the file holds; counted at the first commit that writes keys.
    private var seenKeysStored: Int?
    /// When a commit happens: it decides whether a shrink is due. The daemon's wall clock; tests pass
    /// their own to let minutes pass without waiting.
    let clock: () -> Instant
    /// The instant of the last shrink, nil before the first; see `shrinkIfDue(at:)`.
    var lastShrink: Instant?
    /// The largest generated entry number ever stored (see `SQLiteStore+Numbering.swift`); 0 for none.
    var largestNumber: Int64 = 0
    /// The file opened, which every commit checks `location` still names (`SQLiteStore+File.swift`);
    /// nil for a store in memory.
    let openedFile: FileIdentity?
    /// Scratch for one entry's params JSON while it is bound (see `write(_:to:)`).
    private var paramsJSON: [UInt8] = []
    /// Scratch for a commit's seen keys while they are packed and bound.
    private var packedSeen: [UInt8] = []

    /// Opens (or creates) the store at `path`; `:memory:` gives a throwaway store.
    ///
    /// Seen keys older than `seenWindowMilliseconds` before the newest key of a commit are deleted by that
    /// commit (a row of them once its newest is; see `SeenBatches`), and so are the oldest rows past
    /// `maxSeenKeys` keys, so the file holds at most one window of keys and about `maxSeenKeys` of them.
    package init(path: String, seenWindowMilliseconds: Int64 = SQLiteStore.defaultSeenWindowMilliseconds,
                maxSeenKeys: Int = RouterLimits().maxDedupeKeys,
                clock: @escaping () -> Instant = WallClock.now) throws(StoreError)
    {
        location = path
        self.seenWindowMilliseconds = seenWindowMilliseconds
        self.maxSeenKeys = maxSeenKeys
        self.clock = clock
        try SQLiteStore.refuseDanglingLink(path)
        SQLiteStore.createPrivately(path)
        do {
            database = try Database(path: path, mode: .readWriteCreate)
        } catch {
            throw StoreError.directoryProblem(of: path) ?? StoreError(error, while: "cannot open the store")
        }
        openedFile = path == ":memory:" ? nil : FileIdentity(path: path)
        guard !database.isReadOnly else {
            throw StoreError(path: path, message: "cannot open the store for writing: the file or its file system "
                + "is read-only; make it writable or pass another --store")
        }
        do {
            // Before the first read: a store already in WAL mode opens its log at the first read, and
            // only in exclusive locking mode does SQLite keep the log's index in process memory rather
            // than in a `-shm` file beside the store.
            try database.execute("PRAGMA locking_mode = EXCLUSIVE")
        } catch {
            throw StoreError(error, while: "cannot open the store")
        }
        try SQLiteStore.checkOwnership(of: database)
        do {
            try SQLiteStore.configure(database)
            try Migrations.apply(to: database)
            Self.enableShrinking(database)
            largestNumber = try database.scalarInt64(Self.selectMeta, [.text(Self.largestNumberKey)]) ?? 0
        } catch {
            throw StoreError(error, while: "cannot prepare the store")
        }
    }

    /// Refuses a file that is not an entryd store (another program's database) or is one from a newer entryd.
    private static func checkOwnership(of database: Database) throws(StoreError) {
        let applicationID: Int64
        let version: Int64
        let schemaObjects: Int64
        do {
            applicationID = try database.scalarInt64("PRAGMA application_id") ?? 0
            version = try database.scalarInt64("PRAGMA user_version") ?? 0
            schemaObjects = try database.scalarInt64("SELECT count(*) FROM sqlite_schema") ?? 0
        } catch {
            throw StoreError(error, while: "cannot read the store")
        }
        if applicationID == Int64(Migrations.applicationID) {
            guard version <= Int64(Migrations.latestVersion) else {
                throw StoreError(path: database.path, message: "the store has schema version \(version), newer than "
                    + "the \(Migrations.latestVersion) this entryd knows; run a newer entryd or pass another --store")
            }
        } else if applicationID != 0 || schemaObjects != 0 {
            let hexID = String(UInt32(truncatingIfNeeded: applicationID), radix: 16)
            throw StoreError(path: database.path, message: "not an entryd store: an SQLite database of another program "
                + "(application_id 0x\(hexID), \(schemaObjects) schema objects); entryd never changes it: "
                + "pass another --store")
        }
    }

    /// Journal and sync settings (the locking mode is set as the file is opened); see the type's
    /// documentation for why each one.
    private static func configure(_ database: Database) throws(SQLiteError) {
        // Before WAL, whose switch writes the header of a new file: only a file without tables takes it
        // (see `SQLiteStore+Shrinking.swift`); an older file keeps its mode until `enableShrinking`.
        try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
        let journal = try database.scalarText("PRAGMA journal_mode = WAL")
        guard journal == "wal" || journal == "memory" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot switch to WAL mode (journal_mode is \(journal ?? "unknown"))",
                              path: database.path)
        }
        try database.execute("PRAGMA synchronous = FULL")
    }

    /// Live entries (`EntryRecord.isLive`) in arrival order, the seen keys inside the window
    /// before the newest one stored, and the next generated entry number. The store has no clock, so the
    /// router drops the keys that are too old for its own `now`.
    package func load() throws(StoreError) -> StoredState {
        do {
            return StoredState(entries: try loadEntries(),
                               seen: try SeenBatches.load(from: database, window: seenWindowMilliseconds),
                               nextEntryNumber: nextEntryNumber(), issued: try loadIssuedNumbers())
        } catch {
            throw StoreError(error, while: "cannot load the store")
        }
    }

    /// Applies the turn's records in one transaction and fsyncs it: live entries are upserted, entries
    /// that finished are deleted, seen keys are added and the ones that fell out of the window before the
    /// newest key committed are pruned. Once the transaction is durable, the file shrinks if a shrink is
    /// due (`shrinkIfDue(at:)`).
    ///
    /// When it throws (a full disk, a failed fsync, a damaged file) nothing of `records` is kept: the
    /// transaction is rolled back and the file holds exactly the earlier commits. The caller must then not
    /// send the turn's `ok` replies. The store stays usable: a later commit succeeds once the cause is gone
    /// (space freed), with no reopening.
    package func commit(_ records: [Record]) throws(StoreError) {
        guard !records.isEmpty else { return }
        try checkFileIsInPlace()
        do {
            let changes = RecordChanges(records)
            let newLargest = newLargestNumber(in: changes.entries)
            try database.immediateTransaction { () throws(SQLiteError) in
                if let newLargest { try database.cached(Self.raiseMeta).run([.text(Self.largestNumberKey), .integer(newLargest)]) }
                if let issued = changes.issued { try record(issued) }
                if !changes.finished.isEmpty {
                    let deleteEntry = try database.cached(Self.deleteEntry)
                    for id in changes.finished {
                        try deleteEntry.run { (parameters: inout Statement.Parameters) throws(SQLiteError) in
                            try parameters.text(id)
                        }
                    }
                }
                if !changes.live.isEmpty {
                    let upsertEntry = try database.cached(Self.upsertEntry)
                    for entry in changes.live {
                        try upsertEntry.run { (parameters: inout Statement.Parameters) throws(SQLiteError) in
                            try write(entry, to: &parameters)
                        }
                    }
                }
                if !changes.seen.isEmpty {
                    var stored: Int
                    if let known = seenKeysStored { stored = known } else { stored = try SeenBatches.storedKeyCount(in: database) }
                    try SeenBatches.write(changes.seen, window: seenWindowMilliseconds, maxKeys: maxSeenKeys,
                                          stored: &stored, packed: &packedSeen, to: database)
                    seenKeysStored = stored
                }
            }
            if let newLargest { largestNumber = newLargest }
        } catch {
            throw StoreError(error, while: "cannot commit \(records.count) records")
        }
        shrinkIfDue(at: clock())
    }

    /// `PRAGMA integrity_check`, then every row read as a start-up reads it: "ok", or one line per
    /// problem found. SQLite checks the file's structure, not whether a row holds what this entryd
    /// can read (an entry's params, a row of seen keys), which would stop the daemon's start.
    package func integrityCheck() throws(StoreError) -> String {
        var lines: [String] = []
        do {
            try database.prepare("PRAGMA integrity_check").query { (row: Statement) throws(SQLiteError) in
                lines.append(row.text(0) ?? "")
            }
        } catch {
            throw StoreError(error, while: "cannot check the store")
        }
        guard lines == ["ok"] else { return lines.joined(separator: "\n") }
        do {
            _ = try load()
            return "ok"
        } catch {
            return error.message
        }
    }

    // MARK: - Statements

    /// An upsert, not `INSERT OR REPLACE`: replacing would delete and re-insert the row, giving it a new
    /// rowid, and the rowid orders entries received at the same instant.
    static let upsertEntry = """
        INSERT INTO entries (id, source, route, params, collapse_id, kind, priority, identity,
                             received_ms, expires_ms, state, scene, steps)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
        ON CONFLICT (id) DO UPDATE SET
            source = excluded.source, route = excluded.route, params = excluded.params,
            collapse_id = excluded.collapse_id, kind = excluded.kind, priority = excluded.priority,
            identity = excluded.identity, received_ms = excluded.received_ms, expires_ms = excluded.expires_ms,
            state = excluded.state, scene = excluded.scene, steps = excluded.steps
        """

    /// An entry that finished leaves the file; nothing is deleted when it was never stored.
    static let deleteEntry = "DELETE FROM entries WHERE id = ?1"

    /// Live entries (every row is one) in arrival order: by the instant received, then by first
    /// insertion. The index `entries_live` on `received_ms` is ordered exactly so (an index ends with the
    /// rowid): the query walks it with no sort.
    static let selectLiveEntries = """
        SELECT id, source, route, params, collapse_id, kind, priority, identity, received_ms, expires_ms, state, scene,
               steps
        FROM entries
        ORDER BY received_ms, rowid
        """

    /// The upsert's thirteen parameters, in the order of `upsertEntry`. The params JSON is written into
    /// a buffer kept from one entry to the next and bound from there, never made into a `String`.
    private func write(_ entry: EntryRecord, to parameters: inout Statement.Parameters) throws(SQLiteError) {
        try parameters.text(entry.id)
        try parameters.text(entry.source.rawValue)
        try parameters.text(entry.route)
        paramsJSON.removeAll(keepingCapacity: true)
        ParamsJSON.append(entry.params, to: &paramsJSON)
        try parameters.text(utf8: paramsJSON)
        try parameters.text(entry.collapseId)
        try parameters.text(entry.kind)
        try parameters.integer(entry.priority.map(Int64.init))
        try parameters.text(entry.identity)
        try parameters.integer(entry.received.milliseconds)
        try parameters.integer(entry.expires?.milliseconds)
        try parameters.text(entry.state.rawValue)
        try parameters.text(entry.scene)
        if let steps = StepsJSON.encode(entry.steps) { try parameters.text(utf8: steps) } else { try parameters.text(nil) }
    }

    // MARK: - Loading

    /// Every row is live once this store has committed to it, but a file an older entryd wrote may
    /// hold finished entries that kept their steps (launches with an action that ended `retracted`
    /// or `expired`); those are deleted here rather than loaded, so that no restart reads them again.
    private func loadEntries() throws(SQLiteError) -> [EntryRecord] {
        var entries: [EntryRecord] = []
        var finished: [String] = []
        try database.prepare(Self.selectLiveEntries).query { (row: Statement) throws(SQLiteError) in
            let entry = try decodeEntry(row)
            if entry.isLive { entries.append(entry) } else { finished.append(entry.id) }
        }
        guard !finished.isEmpty else { return entries }
        try database.immediateTransaction { () throws(SQLiteError) in
            let deleteEntry = try database.cached(Self.deleteEntry)
            for id in finished {
                try deleteEntry.run { (parameters: inout Statement.Parameters) throws(SQLiteError) in
                    try parameters.text(id)
                }
            }
        }
        return entries
    }

    private func decodeEntry(_ row: Statement) throws(SQLiteError) -> EntryRecord {
        let id = row.text(0) ?? ""
        let sourceText = row.text(1) ?? ""
        let stateText = row.text(10) ?? ""
        let stepsText = row.text(12)
        guard let source = EntrySource(rawValue: sourceText), let state = EntryState(rawValue: stateText),
              let params = row.withTextBytes(3, ParamsJSON.decode) ?? nil,
              let steps = stepsText.map(StepsJSON.decode) ?? []
        else {
            throw SQLiteError(code: SQLITE_CORRUPT,
                              message: "entry \(id) has source '\(sourceText)', state '\(stateText)', params or "
                                  + "steps that this entryd cannot read",
                              path: location)
        }
        return EntryRecord(
            id: id, source: source, route: row.text(2) ?? "", params: params, collapseId: row.text(4),
            kind: row.text(5), priority: row.optionalInt64(6).map { Int(truncatingIfNeeded: $0) }, identity: row.text(7),
            received: Instant(milliseconds: row.int64(8)), expires: row.optionalInt64(9).map(Instant.init(milliseconds:)),
            state: state, scene: row.text(11), steps: steps)
    }
}
