import EntryDaemon
import EntryHost
import EntryRouter

/// Routes the input as a URL through the table of the embedded config (`samples/materunner.json`),
/// whose routes have typed captures, queries, universal-link rules and redirects, then has the
/// table explain it (`entryd route`): the explanation tries every pattern on its own, and must
/// still end in the answer routing gave.
enum URLFuzzing {
    static let table: RoutingTable = {
        do {
            return RoutingTable(config: try Config.load(json: Array(EmbeddedConfig.json.utf8), file: EmbeddedConfig.file))
        } catch {
            fatalError("the embedded config does not load: \(error)")
        }
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let url = String(decoding: bytes, as: UTF8.self)
        let routed = table.route(url: url)
        let explained = table.explain(url: url).result
        expect(routed == explained, "routing \(url) gave \(routed), its explanation \(explained)")
    }
}
