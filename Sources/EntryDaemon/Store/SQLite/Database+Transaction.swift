extension Database {
    /// Runs `body` in a write transaction: `BEGIN IMMEDIATE`, then `COMMIT`, or `ROLLBACK` when anything throws.
    ///
    /// IMMEDIATE takes the write lock up front, so a conflict shows at `BEGIN` rather than halfway through
    /// the body. When `COMMIT` itself fails (a full disk, a failed fsync) the transaction is rolled back too,
    /// unless SQLite already did so itself; either way nothing of `body` is kept, and the connection is
    /// ready for the next transaction.
    func immediateTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            rollbackIfOpen()
            throw error
        }
        return result
    }

    /// Rolls back the open transaction, if SQLite has not already. A failure here leaves nothing to undo
    /// that the caller could act on: the original error is the one worth reporting.
    private func rollbackIfOpen() {
        guard !isAutocommit else { return }
        try? execute("ROLLBACK")
    }
}
