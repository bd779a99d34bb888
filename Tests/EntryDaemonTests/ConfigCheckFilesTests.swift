import EntryCLI
@testable import EntryDaemon
import EntryRouter
import Testing

/// `check-config` reads a config as `serve` does, the files it names (`aasa`) included.
@Suite struct ConfigCheckFilesTests {
    @Test func aConfigWithAnAASAFileBesideItChecksAsServeLoadsIt() throws {
        let directory = TemporaryDirectory()
        let config = """
            {"bundleId": "com.example.x", "appId": "ABCDE12345.com.example.x", "home": "home", "tabs": ["home"],
             "universalLinks": [{"host": "example.com", "aasa": "aasa.json"}],
             "routes": [{"name": "item", "match": ["https://example.com/items/:id"], "show": "home"}]}
            """
        let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.x"], "components": [{"/": "/items/*"}]}]}}"#
        #expect(writeFile(directory.file("cfg.json"), Array(config.utf8)))
        #expect(writeFile(directory.file("aasa.json"), Array(aasa.utf8)))
        let loaded = try ConfigCheck.load(directory.file("cfg.json"))
        #expect(loaded.routes.map(\.name) == ["item"])
    }
}
