import EntryDaemon
import EntryHost
import EntryRouter

/// What `verify-store` found in a store it checked: its entries by state and its dedupe keys, so
/// "ok" says what was read, not only that nothing failed.
package struct StoreSummary: Sendable, CustomStringConvertible {
    /// Live entries per state, in the order of `EntryState` (a store keeps only live ones).
    package var entries: [(state: EntryState, count: Int)]
    package var seenKeys: Int

    package init(_ stored: StoredState) {
        var counts: [EntryState: Int] = [:]
        for entry in stored.entries { counts[entry.state, default: 0] += 1 }
        entries = EntryState.allCases.compactMap { state in counts[state].map { (state, $0) } }
        seenKeys = stored.seen.count
    }

    /// `entries: 3 (pending 2, presenting 1); dedupe keys: 14`.
    package var description: String {
        let total = entries.reduce(0) { $0 + $1.count }
        let states = entries.isEmpty ? "" : " (" + entries.map { "\($0.state.rawValue) \($0.count)" }.joined(separator: ", ") + ")"
        return "entries: \(total)\(states); dedupe keys: \(seenKeys)"
    }
}
