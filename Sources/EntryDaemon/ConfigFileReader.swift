import EntrySystem

/// Reads the files a route config names (its `aasa`, assetlinks and manifest files) for `Config.load`, which
/// never touches files itself: regular files only, up to `RegularFile.linkedLimit`.
package enum ConfigFileReader {
    struct Unreadable: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    package static func read(_ path: String) throws -> [UInt8] {
        switch RegularFile.read(path, limit: RegularFile.linkedLimit) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw Unreadable(reason: problem.description)
        }
    }
}
