import Foundation
import Testing
@testable import EntryRouter

/// The sample configs and small helpers shared by the routing and config tests.
enum RoutingFixtures {
    /// The package's `samples/` directory, found from this file's path.
    static let samplesDirectory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/samples"
    }()

    static func bytes(ofSample name: String) throws -> [UInt8] {
        try SampleFile.read(samplesDirectory + "/" + name)
    }

    /// A sample config, with the association files it names read from `samples/`.
    static func sample(_ name: String) throws -> Config {
        try Config.load(json: try bytes(ofSample: name), file: name) { try bytes(ofSample: $0) }
    }

    static let materunner: RoutingTable = RoutingTable(config: try! sample("materunner.json"))
    static let shopmate: RoutingTable = RoutingTable(config: try! sample("shopmate.json"))

    /// Loads a config from JSON text, for tests that write their own.
    static func load(_ json: String, file: String = "test.json") throws(ConfigErrors) -> Config {
        try Config.load(json: Array(json.utf8), file: file)
    }

    /// A complete config around the given routes, with schemes `app`, host `app.example`, tabs
    /// `home`/`list`, gate `signedIn`, modal kinds `alert` (0) and `promo` (1).
    static func config(routes: String, schemes: String = #"["app"]"#,
                       universalLinks: String = #"[{"host": "app.example", "paths": ["/*"]}]"#) -> String {
        """
        {"bundleId": "com.example.app", "schemes": \(schemes), "universalLinks": \(universalLinks),
         "home": "home", "gates": ["signedIn"], "tabs": ["home", "list"], "pushLinkKey": "link",
         "modals": {"alert": 0, "promo": 1}, "routes": [\(routes)]}
        """
    }
}

/// Reads a whole file; tests only (the engine itself never touches files).
enum SampleFile {
    struct Missing: Error { let path: String }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return Array(data)
    }
}
