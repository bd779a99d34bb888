/// The sender ids and launch fingerprints seen lately (R16, R18), kept across restarts.
///
/// Keys are remembered from their first sighting for `window` milliseconds; a repeat inside the
/// window is a duplicate and does not extend it.
struct DedupeWindow: Sendable {
    let window: Int64
    private var seen: [String: Sighting] = [:]
    /// Keys in the order they were seen, for pruning from the oldest.
    private var order: [SeenKey] = []
    private var head = 0

    /// What a duplicate reply can say about the original entry; nil after a restart.
    struct Sighting: Sendable {
        var at: Instant
        var original: EntryReply?
    }

    init(window: Int64, restoring keys: [SeenKey]) {
        self.window = window
        for key in keys.sorted(by: { $0.at < $1.at }) where seen[key.key] == nil {
            seen[key.key] = Sighting(at: key.at, original: nil)
            order.append(key)
        }
    }

    /// The sighting of `key` if it is still inside the window at `now`.
    func sighting(of key: String, at now: Instant) -> Sighting? {
        guard let sighting = seen[key], !isOutside(sighting.at, at: now) else { return nil }
        return sighting
    }

    /// Remembers a new key and returns the record to persist.
    mutating func insert(_ key: String, at now: Instant, original: EntryReply?) -> SeenKey {
        let record = SeenKey(key: key, at: now)
        seen[key] = Sighting(at: now, original: original)
        order.append(record)
        return record
    }

    /// Forgets the keys that fell out of the window.
    mutating func prune(at now: Instant) {
        while head < order.count, isOutside(order[head].at, at: now) {
            if seen[order[head].key]?.at == order[head].at { seen[order[head].key] = nil }
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    private func isOutside(_ at: Instant, at now: Instant) -> Bool {
        now.milliseconds - at.milliseconds > window
    }
}
