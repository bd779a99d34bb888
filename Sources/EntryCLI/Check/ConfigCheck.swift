import EntryDaemon
import EntryHost
import EntryRouter
import Glibc

/// A config file checked as `serve` would load it, without starting anything: for `check-config`,
/// and for `check`, which refuses a config at once rather than start a daemon that would refuse it.
package enum ConfigCheck {
    /// Why a config file cannot be served, with its sysexits code.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// The file cannot be read (66): missing, a directory, no permission.
        case unreadable(file: String, reason: String)
        /// The file has problems (78), every one of them, in file order.
        case invalid(ConfigErrors)

        package var description: String {
            switch self {
            case .unreadable(let file, let reason): "\(file): cannot read: \(reason)"
            case .invalid(let errors): "\(errors)"
            }
        }

        package var exitCode: Int32 {
            switch self {
            case .unreadable: 66
            case .invalid: 78
            }
        }
    }

    /// The config in `file`, or without one the sample `serve` uses (`EmbeddedConfig`), validated.
    package static func load(orEmbedded file: String?) throws(Failure) -> Config {
        if let file { return try load(file) }
        do {
            return try Config.load(json: Array(EmbeddedConfig.json.utf8), file: EmbeddedConfig.file, readFile: ConfigFileReader.read)
        } catch {
            throw .invalid(error)
        }
    }

    /// The config in `file`, validated.
    package static func load(_ file: String) throws(Failure) -> Config {
        let bytes: [UInt8]
        switch FileBytes.read(file) {
        case .success(let read): bytes = read
        case .failure(let problem): throw .unreadable(file: file, reason: problem.description)
        }
        do {
            return try Config.load(json: bytes, file: file, readFile: ConfigFileReader.read)
        } catch {
            throw .invalid(error)
        }
    }
}
