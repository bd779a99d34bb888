import EntryKit

/// The sender ids and launch fingerprints seen lately (R16, R18), kept across restarts.
///
/// Keys are remembered from their first sighting for `window` milliseconds; a repeat inside the
/// window is a duplicate and does not extend it.
///
/// A busy daemon sees hundreds of thousands of sender ids within the window, so they are kept in a
/// `SightingTable` (bytes in one arena, slots holding hashes, nothing reference-counted per key)
/// rather than a dictionary of strings, whose growth rehashes every key at once. Sender ids and launch
/// fingerprints are the table's two key spaces. A sighting keeps only what a duplicate reply needs
/// beyond the key: the original's route and params (`OriginalNote`). Its id is not kept: a repeated
/// sender id is the original's id, and a replayed launch entry is answered by its `scene.connect`'s
/// `ok`, never with an entry reply.
///
/// At most `maxKeys` keys are held: past it the oldest are forgotten before their window ends (their
/// repeats are then new arrivals), and counted in `evicted` for the daemon to log.
struct DedupeWindow: Sendable {
    let window: Int64
    let maxKeys: Int
    /// Keys forgotten for `maxKeys` since `takeEvicted` last took the count.
    private var evicted = 0
    private var table = SightingTable<KeyHash>()
    /// The route names notes refer to by number: a config has few routes, a window many keys.
    private var routeNames: [String] = []
    private var routeNumbers: [String: Int] = [:]
    /// The shape of the last claim and its route's number: consecutive arrivals mostly share a route,
    /// and an identity check is cheaper than looking the name up.
    private var lastShape: CompiledRoute?
    private var lastRoute = 0

    /// A key's sighting; `original` is nil after a restart, as only keys are stored.
    struct Sighting: Sendable {
        var at: Instant
        var original: Original?
    }

    /// What a duplicate reply can say about the original entry, besides its id.
    struct Original: Sendable {
        var route: String
        var params: RouteParams
    }

    init(window: Int64, maxKeys: Int = .max, restoring keys: [SeenKey]) {
        self.window = window
        self.maxKeys = maxKeys
        table.reserve(min(keys.count, maxKeys))
        // The store returns them oldest first; sorting a copy of a full window would only cost start-up time.
        let inOrder = keys.indices.dropFirst().allSatisfy { keys[$0 - 1].at <= keys[$0].at }
        for key in inOrder ? keys : keys.sorted(by: { $0.at < $1.at }) {
            // Restored keys have no note. A key stored twice was seen anew after its window: the later
            // sighting is the one that counts, as it was before the restart.
            Self.withBytes(of: key.name) { bytes in
                _ = table.claim(bytes, space: Self.space(of: key.name), at: key.at, window: window, note: NoNote())
            }
            if table.count > maxKeys { evicted += table.evict(downTo: maxKeys) }
        }
    }

    /// The sighting of `key` if it is still inside the window at `now`.
    func sighting(of key: DedupeKey, at now: Instant) -> Sighting? {
        guard let earlier = Self.withBytes(of: key, { table.sighting(of: $0, space: Self.space(of: key)) }),
              now.milliseconds - earlier.at.milliseconds <= window else { return nil }
        return sighting(earlier)
    }

    /// The sighting of `key` if it is still inside the window at `now`; otherwise remembers `key` as seen
    /// now with the arrival's route `shape` and `params`, and returns nil. One lookup does both: every
    /// arrival with a key asks, and almost every one is new. An arrival refused after that gives the key
    /// back with `unclaim`.
    ///
    /// `idTag` is `SlotIndex.tag(of:)` of the key's sender id, when the caller has it: sender ids are the
    /// table's space 0, whose hash is seeded as `SlotIndex` seeds it, so that tag is the table's tag too
    /// and an arrival's id is hashed once for the inbox and the window. Ignored for a launch fingerprint.
    mutating func claim(_ key: DedupeKey, idTag: UInt32? = nil, at now: Instant, shape: CompiledRoute,
                        params: RouteParams) -> Sighting? {
        let route = number(of: shape)
        let note = OriginalNote(route: route, params: params)
        let tag = key.isSenderId ? idTag : nil
        let earlier = Self.withBytes(of: key) { bytes in
            table.claim(bytes, space: Self.space(of: key), tag: tag, at: now, window: window, note: note)
        }
        guard let earlier else { return nil }
        guard !note.isWritten(as: earlier.note) else {
            return Sighting(at: earlier.at, original: Original(route: shape.name, params: params))
        }
        return sighting(earlier)
    }

    /// Starts loading what a `claim` of the sender id whose `SlotIndex.tag(of:)` is `idTag` reads first.
    @inline(__always)
    func prefetch(idTag: UInt32) {
        table.prefetch(tag: idTag)
    }

    /// Forgets the key the last `claim` remembered: the arrival was refused, so it was never seen.
    mutating func unclaim(_ key: DedupeKey) {
        Self.withBytes(of: key) { table.unclaim($0, space: Self.space(of: key)) }
    }

    /// Forgets the keys that fell out of the window, then the oldest keys over `maxKeys`. Called once a
    /// turn: a turn's arrivals may take the window past `maxKeys` until its end.
    mutating func prune(at now: Instant) {
        table.prune(at: now, window: window)
        if table.count > maxKeys { evicted += table.evict(downTo: maxKeys) }
    }

    /// How many keys were forgotten for `maxKeys` since the last call.
    mutating func takeEvicted() -> Int {
        defer { evicted = 0 }
        return evicted
    }

    private func sighting(_ earlier: SightingTable<KeyHash>.Earlier) -> Sighting {
        Sighting(at: earlier.at, original: OriginalNote.read(earlier.note).map {
            Original(route: routeNames[$0.route], params: $0.params)
        })
    }

    /// Inlined into `claim`: the identity check answers almost every arrival, and a call would cost as
    /// much as the check.
    @inline(__always)
    private mutating func number(of shape: CompiledRoute) -> Int {
        if let lastShape, lastShape === shape { return lastRoute }
        return numberOfNewShape(shape)
    }

    @inline(never)
    private mutating func numberOfNewShape(_ shape: CompiledRoute) -> Int {
        let route: Int
        if let known = routeNumbers[shape.name] {
            route = known
        } else {
            route = routeNames.count
            routeNames.append(shape.name)
            routeNumbers[shape.name] = route
        }
        lastShape = shape
        lastRoute = route
        return route
    }

    private static func space(of key: DedupeKey) -> UInt64 {
        key.isSenderId ? 0 : 1
    }

    private static func withBytes<Result>(of key: DedupeKey, _ body: (ByteView) -> Result) -> Result {
        key.value.withUTF8View(body)
    }
}
