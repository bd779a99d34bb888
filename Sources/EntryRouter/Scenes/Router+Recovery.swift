/// Taking back what the store kept (R1, R15, R16).
extension Router {
    /// Restored entries wait unassigned, oldest first. A record whose route the config no longer has
    /// cannot be handed over and ends `retracted`.
    mutating func restore(_ records: [EntryRecord]) {
        let waiting = records.enumerated().filter { !$0.element.state.isTerminal }
            .sorted { ($0.element.received, $0.offset) < ($1.element.received, $1.offset) }.map(\.element)
        for record in waiting {
            guard var entry = Entry(restoring: record, seq: newSeq(), config: config, shapes: &shapes) else {
                var gone = record
                gone.state = .retracted
                counts[.retracted] += 1
                turn.persists.append(.entry(gone))
                continue
            }
            counts[entry.state] += 1
            if entry.isExpired(at: turn.now) {
                move(&entry, to: .expired, scene: nil)
                continue
            }
            if entry.state != .pending || entry.scene != nil { move(&entry, to: .pending, scene: nil) }
            // A restored entry has no expiry item yet, whatever state it was stored in.
            inbox.add(entry)
            if let expires = entry.expires { expiry.add(ExpiryQueue.Item(expires: expires, entry: entry.id)) }
        }
    }
}
