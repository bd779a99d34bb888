/// The sender ids and launch fingerprints seen lately (R16, R18), kept across restarts.
///
/// Keys are remembered from their first sighting for `window` milliseconds; a repeat inside the
/// window is a duplicate and does not extend it.
///
/// A full inbox has a key per entry, so a sighting keeps only what a duplicate reply needs beyond
/// the key: the original's route shape and params (the params share their storage with the entry
/// while it waits). Its id is not kept: a repeated sender id is the original's id, and a replayed
/// launch entry is answered by its `scene.connect`'s `ok`, never with an entry reply. Sender ids and
/// launch fingerprints have a table each, keyed by the plain string: a key that also said which kind
/// it is would make every bucket 8 bytes larger.
struct DedupeWindow: Sendable {
    let window: Int64
    private var senderIds = Table()
    private var launches = Table()

    /// What a duplicate reply can say about the original entry, besides its id; nil after a restart.
    struct Sighting: Sendable {
        var at: Instant
        var original: Original?
    }

    struct Original: Sendable {
        var shape: RouteShape
        var params: [String: String]
    }

    init(window: Int64, restoring keys: [SeenKey]) {
        self.window = window
        let senderIdCount = keys.reduce(0) { $0 + ($1.name.isSenderId ? 1 : 0) }
        senderIds.reserve(senderIdCount)
        launches.reserve(keys.count - senderIdCount)
        // The store returns them oldest first; sorting a copy of 100 000 keys would only cost start-up time.
        let inOrder = keys.indices.dropFirst().allSatisfy { keys[$0 - 1].at <= keys[$0].at }
        for key in inOrder ? keys : keys.sorted(by: { $0.at < $1.at }) {
            if key.name.isSenderId {
                senderIds.restore(key.name.value, at: key.at)
            } else {
                launches.restore(key.name.value, at: key.at)
            }
        }
    }

    /// The sighting of `key` if it is still inside the window at `now`.
    func sighting(of key: DedupeKey, at now: Instant) -> Sighting? {
        guard let sighting = key.isSenderId ? senderIds.seen[key.value] : launches.seen[key.value],
              !isOutside(sighting.at, at: now) else { return nil }
        return sighting
    }

    /// The sighting of `key` if it is still inside the window at `now`; otherwise remembers `key` as seen
    /// now with `original` and returns nil. One lookup does both: every arrival with a key asks, and
    /// almost every one is new. An arrival refused after that gives the key back with `unclaim`.
    mutating func claim(_ key: DedupeKey, at now: Instant, original: Original) -> Sighting? {
        key.isSenderId ? senderIds.claim(key.value, at: now, original: original, window: window)
            : launches.claim(key.value, at: now, original: original, window: window)
    }

    /// Forgets the key the last `claim` remembered: the arrival was refused, so it was never seen.
    mutating func unclaim(_ key: DedupeKey) {
        if key.isSenderId { senderIds.unclaim(key.value) } else { launches.unclaim(key.value) }
    }

    /// Forgets the keys that fell out of the window.
    mutating func prune(at now: Instant) {
        senderIds.prune(at: now, window: window)
        launches.prune(at: now, window: window)
    }

    private func isOutside(_ at: Instant, at now: Instant) -> Bool {
        now.milliseconds - at.milliseconds > window
    }

    /// The keys of one kind, and the order they were seen in, for pruning from the oldest.
    private struct Table: Sendable {
        var seen: [String: Sighting] = [:]
        var order: [(key: String, at: Instant)] = []
        var head = 0

        /// The sighting time of a key `claim` has just added; no real sighting is this old.
        private static let unseen = Instant(milliseconds: .min)

        mutating func reserve(_ count: Int) {
            seen.reserveCapacity(count)
            order.reserveCapacity(count)
        }

        mutating func restore(_ key: String, at: Instant) {
            guard seen[key] == nil else { return }
            seen[key] = Sighting(at: at, original: nil)
            order.append((key, at))
        }

        mutating func claim(_ key: String, at now: Instant, original: Original, window: Int64) -> Sighting? {
            var earlier: Sighting?
            Self.claim(&seen[key, default: Sighting(at: Self.unseen, original: nil)], at: now, original: original,
                       window: window, earlier: &earlier)
            if earlier == nil { order.append((key, now)) }
            return earlier
        }

        private static func claim(_ sighting: inout Sighting, at now: Instant, original: Original, window: Int64,
                                  earlier: inout Sighting?) {
            if sighting.at != unseen, now.milliseconds - sighting.at.milliseconds <= window {
                earlier = sighting
            } else {
                sighting = Sighting(at: now, original: original)
            }
        }

        mutating func unclaim(_ key: String) {
            seen[key] = nil
            order.removeLast()
        }

        mutating func prune(at now: Instant, window: Int64) {
            while head < order.count, now.milliseconds - order[head].at.milliseconds > window {
                if let index = seen.index(forKey: order[head].key), seen.values[index].at == order[head].at {
                    seen.remove(at: index)
                }
                head += 1
            }
            if head > 1024, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }
}
