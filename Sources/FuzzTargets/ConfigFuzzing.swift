import EntryRouter

/// Loads the input as a config file. One that loads gets its routing table built; one that does
/// not gets its errors rendered, since the messages point at lines and columns of the input.
enum ConfigFuzzing {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        do {
            let config = try Config.load(json: Array(bytes), file: "fuzz.json")
            _ = RoutingTable(config: config)
        } catch {
            _ = error.description
        }
    }
}
