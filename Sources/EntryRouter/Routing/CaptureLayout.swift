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
    /// Every capture name with an empty value. A match without query items copies it and sets
    /// the values in place through `slots`: no name is hashed and the dictionary is built at its
    /// final size in one step.
    let template: [String: String]
    /// Where each capture's value goes in `template` (and in any copy of it), in capture order.
    let slots: [Dictionary<String, String>.Index]

    init(_ key: Key) {
        self.key = key
        var template = Dictionary<String, String>(minimumCapacity: key.names.count)
        for name in key.names { template[name] = "" }
        self.template = template
        slots = key.names.map { template.index(forKey: $0)! }
    }

    var count: Int { key.names.count }
}
