/// What a pattern captures: the name and segment position of each capture, the last possibly a
/// `*name` that takes the rest of the path. Patterns with the same layout share one (a config has
/// a handful of layouts, however many routes), so a match reads memory that stays in the cache.
/// A class, so that reading one costs a single retain.
final class CaptureLayout: Sendable {
    struct Key: Hashable, Sendable {
        var names: [String]
        var positions: [Int]
        var takesRest: Bool
    }

    let key: Key
    /// The captures in the order of their names (capture indices), the order `RouteParams` lays them
    /// out in: a URL without query items lays its captures out as they are read, sorting nothing.
    let order: [Int]

    init(_ key: Key) {
        self.key = key
        order = key.names.indices.sorted { key.names[$0] < key.names[$1] }
    }

    var count: Int { key.names.count }
}
