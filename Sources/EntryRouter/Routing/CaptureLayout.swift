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

    /// A dictionary holding every capture name with an empty value, made once with room for
    /// `extra` more items. A match copies the one with room for its query items and sets the
    /// values in place through `slots`: no capture name is hashed and the copy keeps the
    /// template's seed, where a new dictionary hashes one for itself.
    struct Template: Sendable {
        let params: [String: String]
        /// Where each capture's value goes in `params` (and in any copy of it), in capture order.
        let slots: [Dictionary<String, String>.Index]

        init(_ names: [String], extra: Int) {
            var params = Dictionary<String, String>(minimumCapacity: names.count + extra)
            for name in names { params[name] = "" }
            self.params = params
            slots = names.map { params.index(forKey: $0)! }
        }
    }

    let key: Key
    /// `templates[n]` has room for `n` query items besides the captures: the size a dictionary
    /// made for exactly that many would have.
    let templates: [Template]

    /// Query items a template has room for; a URL with more builds its dictionary from scratch.
    static let maxTemplateRoom = 4

    init(_ key: Key) {
        self.key = key
        templates = (0...Self.maxTemplateRoom).map { Template(key.names, extra: $0) }
    }

    var count: Int { key.names.count }
}
