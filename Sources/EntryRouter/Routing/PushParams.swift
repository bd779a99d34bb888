/// Reading push payloads for routing: `push` selectors and `params` key paths (docs/CONFIG.md).
///
/// One route's selector and params as configured, in the order its params are laid out
/// (`PushRoutes` reads them).
/// The routing table compiles the selectors and paths of all its push routes together
/// (`PushRoutes`): each dotted key path is split into its keys, and the keys and the selectors'
/// ASCII strings go into one byte pool (`PushKeyPool`), so that routing a payload compares bytes of
/// its text (`PushPayload+Lookup.swift`), with no path splitting, no hashing, no strings made and no
/// references counted per request.
///
/// A class, and so is `KeyPath`: the routing table holds them in arrays of tuples and optionals,
/// and reading one from there copies it; a copy of a class is one retain, while a copy of a struct
/// of arrays retained each array through the generic value witnesses.
final class PushParams: Sendable {
    /// A dotted key path compiled on its own (the push link key, the simulator's bundle key).
    final class KeyPath: Sendable {
        let pool: PushKeyPool
        let keys: Range<Int>

        /// `path` split at its dots (`inviter.name`).
        convenience init(_ path: String) {
            var pool = PushKeyPool()
            let keys = pool.add(path: path)
            self.init(pool: pool, keys: keys)
        }

        /// `key` as a path of one key, dots and all (a factory rather than an initializer, so that
        /// `KeyPath.init` stays unambiguous).
        static func single(_ key: String) -> KeyPath {
            var pool = PushKeyPool()
            let keys = pool.add(key: key)
            return KeyPath(pool: pool, keys: keys)
        }

        private init(pool: PushKeyPool, keys: Range<Int>) {
            self.pool = pool
            self.keys = keys
        }
    }

    /// The selector: key path → the value it must hold.
    let selector: [String: JSONValue]
    /// The params' names and the key paths they are read from, sorted by name (as `RouteParams` holds
    /// them), so that the values read in this order are laid out as they come, with no name hashed and
    /// nothing sorted per push.
    let names: [String]
    let paths: [String]
    /// The position in `names` of the route's identity param (R7): its value is handed on as it is
    /// read, so that finishing the match does not look it up by name.
    let identity: Int?

    /// `identity` names the route's identity param, if it has one.
    init(selector: [String: JSONValue], params: [String: String], identity: String? = nil) {
        self.selector = selector
        names = params.keys.sorted()
        paths = names.map { params[$0]! }
        self.identity = identity.flatMap(names.firstIndex(of:))
    }

    /// The param text of a scalar: strings as they are, integral numbers within `Int64` as their
    /// exact digits (`42`, not `42.0`, as senders of ids expect; 1e18 as `1000000000000000000`), other numbers in Swift's shortest form,
    /// booleans as `true`/`false`.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONWriter.integral(n).map { String($0) } ?? String(n)
        case .largeInteger(let integer): return String(integer)
        case .null, .array, .object: return nil
        }
    }
}
