import EntrySystem

/// The files the client library and its test support read (a payload file, a test daemon's config
/// and the files it links, a daemon's log), through the package's one regular-file reader: a FIFO
/// or a device given by mistake is refused by name instead of hanging a test or filling its memory.
package enum FileReading {
    /// The config's limit, which holds a payload (APNs takes at most 5 KB) many times over.
    package static let limit = RegularFile.configLimit

    /// The file's bytes, or why it was not read.
    package static func read(_ path: String) -> Result<[UInt8], RegularFile.Problem> {
        RegularFile.read(path, limit: limit)
    }

    /// The file's bytes, or nil when it is not a regular file within the limit or cannot be read.
    package static func bytes(_ path: String) -> [UInt8]? {
        try? read(path).get()
    }
}
