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

/// `entryd check-config samples/*.json`, as the README and `entryd help check-config` write it: the
/// glob takes in the apple-app-site-association and assetlinks files beside the configs, and each is
/// checked as what it is, by the reader `serve` uses for a config's `aasa` and `assetlinks`.
@Suite struct CheckConfigAssociationFileTests {
    @Test func theSamplesGlobChecksEachFileAsWhatItIs() {
        let run = Spawned.run("/bin/sh", ["-c", "cd '\(repositoryRoot)' && '\(Spawned.entryd)' check-config samples/*.json"])
        #expect(run.waitForExit() == 0, "\(run.stdoutText)\(run.stderrText)")
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.contains("samples/shopmate.aasa.json: an apple-app-site-association file, 6 paths: ok (for ABCDE12345.com.example.shopmate)"),
                "\(run.stdoutText)")
        #expect(lines.contains("samples/shopmate.assetlinks.json: a Digital Asset Links file, 6 paths: ok (for com.example.shopmate)"),
                "\(run.stdoutText)")
        #expect(lines.contains("samples/shopmate.json: ok (com.example.shopmate, 10 routes)"))
    }

    @Test(arguments: [
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": 3}]}]}}"#,
         #"applinks.details[0].components[0]["/"]: expected a pattern string"#),
        (#"{"webcredentials": {"apps": ["ABCDE12345.com.x"]}}"#, "applinks: missing: the file declares no universal links"),
        (#"{"applinks": {"details": []}}"#, "applinks.details: no entry names an app"),
        (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.x"}}, 3]"#,
         #"[1]: expected a statement object with a "target" object"#),
    ])
    func aBrokenAssociationFileIsRefusedNamingTheKey(text: String, message: String) {
        let directory = TemporaryDirectory()
        let file = directory.file("site.json")
        #expect(writeFile(file, Array(text.utf8)))
        let run = Spawned.run(Spawned.entryd, ["check-config", file])
        #expect(run.waitForExit() == 78)
        #expect(run.stdoutText == "\(file): \(message)" + (message.hasSuffix("an app") ? #" ("appIDs": ["PREFIX.bundle.id"]): no link opens an app"# : "") + "\n",
                "\(run.stdoutText)")
    }

    @Test func aKeyTheReaderIgnoresIsAWarningAndEveryAppIsRead() {
        let directory = TemporaryDirectory()
        let file = directory.file("aasa.json")
        let text = #"{"applinks": {"details": [{"appIDs": ["A1.com.x", "B2.com.y"], "components": [{"/": "/a/*", "exlude": true}]}]}}"#
        #expect(writeFile(file, Array(text.utf8)))
        let run = Spawned.run(Spawned.entryd, ["check-config", file])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.hasPrefix("\(file): an apple-app-site-association file, 1 path for A1.com.x, 1 path for B2.com.y: ok (2 apps, 1 warning)\n"
                                         + #"\#(file): warning: applinks.details[0].components[0]["exlude"]: unknown key, ignored"#),
                "\(run.stdoutText)")
    }
}
