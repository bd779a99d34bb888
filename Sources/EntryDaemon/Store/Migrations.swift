/// The store's schema, version by version. `PRAGMA user_version` records the last one applied.
///
/// A migration is never edited once released: a new schema is a new element, so every store created by
/// an older entryd reaches the current schema by replaying the steps it has not seen.
enum Migrations {
    /// One schema step.
    struct Step: Sendable {
        var version: Int32
        var sql: String
        /// What SQL alone cannot do, run after `sql` in the same transaction.
        var then: (@Sendable (Database) throws(SQLiteError) -> Void)? = nil
    }

    /// `PRAGMA application_id` of an entryd store: the ASCII bytes "EnTr". A file with another non-zero id
    /// belongs to another program and is never touched.
    static let applicationID: Int32 = 0x456E_5472

    static let steps: [Step] = [
        Step(version: 1, sql: """
            CREATE TABLE entries (
                id TEXT PRIMARY KEY NOT NULL,
                source TEXT NOT NULL,
                route TEXT NOT NULL,
                params TEXT NOT NULL CHECK (json_valid(params)),
                collapse_id TEXT,
                kind TEXT,
                priority INTEGER,
                identity TEXT,
                received_ms INTEGER NOT NULL,
                expires_ms INTEGER,
                state TEXT NOT NULL,
                scene TEXT,
                number INTEGER GENERATED ALWAYS AS (
                    CASE WHEN id GLOB 'e-[0-9]*' AND substr(id, 3) NOT GLOB '*[^0-9]*' AND length(id) <= 20
                    THEN CAST(substr(id, 3) AS INTEGER) END
                ) VIRTUAL
            );
            CREATE INDEX entries_live ON entries (received_ms) WHERE state IN ('pending', 'queued', 'presenting');
            CREATE INDEX entries_number ON entries (number);
            CREATE TABLE seen (
                key TEXT PRIMARY KEY NOT NULL,
                at_ms INTEGER NOT NULL
            );
            CREATE INDEX seen_at ON seen (at_ms);
            """),
        // The live index's condition as ORs: SQLite evaluates an `IN (…)` list in an index condition by
        // building a temporary b-tree, three of them for every upsert of an entry. The rows it covers are
        // the same.
        Step(version: 2, sql: """
            DROP INDEX entries_live;
            CREATE INDEX entries_live ON entries (received_ms)
                WHERE state = 'pending' OR state = 'queued' OR state = 'presenting';
            """),
        // Retention of finished entries. `changed_ms` is when a row was last written; rows from before
        // this step read 0 (their last change is unknown, and being finished history they go first)
        // without the table being rewritten. `meta` keeps the largest generated entry number ever
        // stored, which pruned rows no longer show. No index: pruning sweeps the table in rowid order
        // (see `SQLiteStore+Retention.swift`), where an index would cost every upsert.
        Step(version: 3, sql: """
            ALTER TABLE entries ADD COLUMN changed_ms INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE meta (
                key TEXT PRIMARY KEY NOT NULL,
                value INTEGER NOT NULL
            ) WITHOUT ROWID;
            """),
        // Three b-trees fewer per stored push. The largest generated entry number is kept in `meta` by
        // every commit that stores a larger one, so `entries_number` (an index every upsert paid for, read
        // only at start-up and before a prune) goes; its last value is carried into `meta` first. `seen`
        // becomes one b-tree ordered by time: new keys are appended at its end, pruning cuts its start and
        // loading reads it in order, where a rowid table, its key's index and `seen_at` were three. Nothing
        // looks a key up in the store (the router holds the window), so no index by key is needed; a key
        // seen anew after its window is a second row, and the commit that adds it prunes the first.
        Step(version: 4, sql: """
            INSERT INTO meta (key, value)
                SELECT 'largest_entry_number', largest FROM (SELECT max(number) AS largest FROM entries)
                WHERE largest IS NOT NULL
                ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value);
            DROP INDEX entries_number;
            CREATE TABLE seen_in_time (
                at_ms INTEGER NOT NULL,
                key TEXT NOT NULL,
                PRIMARY KEY (at_ms, key)
            ) WITHOUT ROWID;
            INSERT INTO seen_in_time (at_ms, key) SELECT at_ms, key FROM seen;
            DROP TABLE seen;
            ALTER TABLE seen_in_time RENAME TO seen;
            """),
        // Only what a restart needs: live entries. Finished ones were history nobody read; commits now
        // delete an entry as it finishes. The live rows are copied, rowids and all (they order entries
        // received at the same instant), into a table without what only the history needed:
        // `changed_ms` (its retention sweep is gone), `number` (read only by step 4) and the params'
        // `json_valid` check, which parsed every upserted entry's params a second time (loading checks
        // them). Copying the few live rows beats deleting the many finished ones and rewriting the
        // rest; `entries_live` needs no condition when every row is live.
        Step(version: 5, sql: """
            CREATE TABLE entries_only_live (
                id TEXT PRIMARY KEY NOT NULL,
                source TEXT NOT NULL,
                route TEXT NOT NULL,
                params TEXT NOT NULL,
                collapse_id TEXT,
                kind TEXT,
                priority INTEGER,
                identity TEXT,
                received_ms INTEGER NOT NULL,
                expires_ms INTEGER,
                state TEXT NOT NULL,
                scene TEXT
            );
            INSERT INTO entries_only_live (rowid, id, source, route, params, collapse_id, kind, priority, identity,
                                           received_ms, expires_ms, state, scene)
                SELECT rowid, id, source, route, params, collapse_id, kind, priority, identity,
                       received_ms, expires_ms, state, scene
                FROM entries
                WHERE state = 'pending' OR state = 'queued' OR state = 'presenting'
                ORDER BY rowid;
            DROP TABLE entries;
            ALTER TABLE entries_only_live RENAME TO entries;
            CREATE INDEX entries_live ON entries (received_ms);
            """),
        // Seen keys packed a commit to a row (`SeenKeyPacking`): one insert per commit rather than a
        // b-tree insert for every push with an id, the largest part of a push's store work. `newest_ms` is
        // the row's latest key: a prune deletes the rows whose latest key fell out of the window, and
        // loading drops the keys of kept rows that a later commit put out of it (`SeenBatches`). The
        // rows of version 4's `seen` are packed in time order (`SeenBatches.packRowsOfVersionFour`).
        Step(version: 6, sql: """
            CREATE TABLE seen_batches (
                newest_ms INTEGER NOT NULL,
                keys BLOB NOT NULL
            );
            CREATE INDEX seen_batches_newest ON seen_batches (newest_ms);
            """, then: SeenBatches.packRowsOfVersionFour),
        // The steps an accepted action has yet to run (`StepsJSON`): such an entry is `presented` and
        // still kept, so that a restart runs them when its scene is ready again (docs/PROTOCOL.md, across restarts).
        Step(version: 7, sql: """
            ALTER TABLE entries ADD COLUMN steps TEXT;
            """),
    ]

    /// The schema version this entryd writes.
    static var latestVersion: Int32 { steps.last?.version ?? 0 }

    /// Applies every step newer than the file's `user_version`, and stamps `application_id`, in one
    /// transaction: a crash halfway leaves the file as it was. The caller has checked that the file is an
    /// entryd store or empty, and not newer than `latestVersion`.
    static func apply(to database: Database) throws(SQLiteError) {
        try database.immediateTransaction { () throws(SQLiteError) in
            let current = try database.scalarInt64("PRAGMA user_version") ?? 0
            guard current < latestVersion else { return }
            for step in steps where step.version > current {
                try database.execute(step.sql)
                try step.then?(database)
                try database.execute("PRAGMA user_version = \(step.version)")
            }
            try database.execute("PRAGMA application_id = \(applicationID)")
        }
    }
}
