import EntryRouter

extension Array where Element == Effect {
    /// Takes the records out of these effects, in order, and leaves the other effects in theirs.
    ///
    /// Each record is moved out rather than copied, and the other effects move up over the places the
    /// records left, so no placeholder stays behind to be performed: one did (an `armTimer` at 0), and
    /// a record after the turn's timer re-armed the router's timer at 0 in place of the one asked for.
    mutating func takeRecords() -> [Record] {
        var records: [Record] = []
        var kept = 0
        for index in indices {
            guard case .persist = self[index] else {
                if kept != index { swapAt(kept, index) }
                kept += 1
                continue
            }
            var effect = Effect.armTimer(Instant(milliseconds: 0))
            swap(&effect, &self[index])
            if case .persist(let record) = consume effect { records.append(record) }
        }
        removeSubrange(kept...)
        return records
    }
}
