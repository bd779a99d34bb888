import Glibc

/// Reads the files a route config names (its `aasa` files) for `Config.load`, which never
/// touches files itself.
package enum ConfigFileReader {
    struct Unreadable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    package static func read(_ path: String) throws -> [UInt8] {
        guard let bytes = FileBytes.read(path) else { throw Unreadable(reason: String(cString: strerror(errno))) }
        return bytes
    }
}
