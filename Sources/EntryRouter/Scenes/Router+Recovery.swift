/// Taking back what the store kept (R1, R15, R16).
extension Router {
    /// Restored entries wait unassigned, oldest first; an accepted action's steps wait for their
    /// scene's name (docs/PROTOCOL.md, across restarts). A record whose route the config no longer has cannot be handed over
    /// and ends `retracted`.
    mutating func restore(_ records: [EntryRecord]) {
        // The store gives them oldest first: then no sorted copy of (up to 100 000) records is made,
        // whose freed pages would stay in the process after start-up.
        let inOrder = records.indices.dropFirst().allSatisfy { records[$0 - 1].received <= records[$0].received }
        let order = inOrder ? Array(records.indices)
            : records.indices.sorted { (records[$0].received, $0) < (records[$1].received, $1) }
        for index in order where records[index].isLive {
            let record = records[index]
            guard var entry = Entry(restoring: record, seq: newSeq(), config: config, routes: &routes) else {
                var gone = record
                gone.state = .retracted
                gone.steps = []
                counts[.retracted] += 1
                if persisting { turn.persists.append(.entry(gone)) }
                continue
            }
            counts[entry.state] += 1
            if entry.state.isTerminal {
                runs.append(entry)
                continue
            }
            if entry.isExpired(at: turn.now) {
                move(&entry, to: .expired, scene: nil)
                continue
            }
            if entry.state != .pending || entry.scene != nil { move(&entry, to: .pending, scene: nil) }
            // A restored entry has no expiry item yet, whatever state it was stored in.
            inbox.add(entry)
            if let expires = entry.expires { expiry.add(ExpiryQueue.Item(expires: expires, seq: entry.seq)) }
        }
    }
}
