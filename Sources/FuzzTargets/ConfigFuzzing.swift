import EntryRouter

/// Loads the input as a config file. One that loads gets its routing table built and the links of
/// its routes made (`entryd link`: patterns filled in, a param as a query item, routed back); one
/// that does not gets its errors rendered, since the messages point at lines and columns of the
/// input.
enum ConfigFuzzing {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let config: Config
        do {
            config = try Config.load(json: Array(bytes), file: "fuzz.json")
        } catch {
            _ = error.description
            return
        }
        let table = RoutingTable(config: config)
        for route in config.routes.prefix(16) where !route.match.isEmpty {
            do {
                _ = try table.links(route: route.name, params: ["q": "a b/é&"])
            } catch {
                expect(false, "route \(route.name) has patterns but makes no links: \(error)")
            }
        }
    }
}
