import EntryDaemon
import EntryRouter

/// The routing table `route` and `link` explain: `--config FILE`, else the sample compiled in, as
/// `serve` loads it; a config `serve` would refuse is reported in the same words.
enum ReportConfig {
    enum Loaded {
        case table(RoutingTable)
        /// The problem was printed: 78 for a config with problems, 66 for one that cannot be read.
        case failed(exitCode: Int32)
    }

    static func load(_ parsed: ParsedArguments) -> Loaded {
        do throws(ConfigCheck.Failure) {
            return .table(RoutingTable(config: try ConfigCheck.load(orEmbedded: parsed.value("config"))))
        } catch {
            printError("entryd \(parsed.command): the config cannot be served:\n\(error)")
            return .failed(exitCode: error.exitCode)
        }
    }

    /// `value` as one line of JSON.
    static func line(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        JSONWriter.append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
