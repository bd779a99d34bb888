import EntryCLI
import EntryDaemon
import Glibc
import Testing

/// A config a daemon would refuse, as a person meets it: through `serve`, `check-config` and `check`.
@Suite struct StartupErrorTests {
    /// Three problems: a misspelt top-level key, a misspelt route key, and a tab the routes name
    /// that is not declared (because of the first).
    static let food = """
        {
          "bundleId": "com.example.food",
          "schemes": ["food"],
          "home": "feed",
          "tabz": ["feed", "orders"],
          "routes": [
            {"name": "order", "match": ["food://orders/:id"], "show": "orders", "require": ["signedIn"]}
          ]
        }
        """
    static let problems = [
        #"food.json: tabz: unknown key; did you mean "tabs"?"#,
        #"food.json: route "order": require: unknown key; did you mean "requires"?"#,
        #"food.json: route "order": show: unknown tab "orders"; "tabs": none declared"#,
    ]

    private func write(_ text: String, in directory: TemporaryDirectory, as name: String = "food.json") -> String {
        let path = directory.file(name)
        #expect(writeFile(path, Array(text.utf8)))
        return path
    }

    @Test(arguments: ["logfmt", "json"])
    func serveListsEveryProblemOnItsOwnLineWhateverTheLogFormat(format: String) {
        let directory = TemporaryDirectory()
        let config = write(Self.food, in: directory)
        let serve = Spawned.run(Spawned.entryd, ["serve", "--config", config, "--store", ":memory:", "--socket", directory.file("s"),
                                                 "--log-format", format])
        #expect(serve.waitForExit() == 78)
        let lines = serve.stderrText.split(separator: "\n").map(String.init)
        #expect(lines == ["entryd serve: cannot start: \(config): 3 problems:"] + Self.problems.map { directory.path + "/" + $0 })
    }

    @Test func checkConfigListsEveryFileAndExits78() {
        let directory = TemporaryDirectory()
        let bad = write(Self.food, in: directory)
        let good = repositoryRoot + "/samples/shopmate.json"
        let run = Spawned.run(Spawned.entryd, ["check-config", good, bad])
        #expect(run.waitForExit() == 78)
        #expect(run.stdoutText.split(separator: "\n").map(String.init)
                == ["\(good): ok (com.example.shopmate, 10 routes)"] + Self.problems.map { directory.path + "/" + $0 })
    }

    /// A config that loads with warnings is fine (exit 0), and its warnings are listed under it.
    @Test func checkConfigListsWarnings() {
        let directory = TemporaryDirectory()
        let config = write("""
            {"bundleId": "com.example.food", "schemes": ["food"], "home": "feed", "tabs": ["feed"],
             "universalLinks": [{"host": "food.example", "paths": ["/*"]}],
             "routes": [{"name": "feed", "match": ["food://feed"], "tab": "feed"}]}
            """, in: directory)
        let run = Spawned.run(Spawned.entryd, ["check-config", config])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.hasPrefix("\(config): ok (com.example.food, 1 route, 1 warning)\n\(config): warning: "), "\(run.stdoutText)")
        let daemon = LiveDaemon(["--config", config, "--store", ":memory:"])
        #expect(daemon.process.waitForStderr(containing: "msg=\"config warning\" file=\(config)"))
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: [
        ([], 0), (["absent.json"], 66), (["syntax.json"], 78), (["absent.json", "syntax.json"], 78),
    ] as [([String], Int32)])
    func checkConfigExitCodes(files: [String], code: Int32) {
        let directory = TemporaryDirectory()
        _ = write("{\n  \"bundleId\": \"x\",\n  \"home\" \"feed\"\n}\n", in: directory, as: "syntax.json")
        let run = Spawned.run(Spawned.entryd, ["check-config", repositoryRoot + "/samples/materunner.json"]
                                              + files.map { directory.file($0) })
        #expect(run.waitForExit() == code)
        if files.contains("syntax.json") {
            #expect(run.stdoutText.contains(directory.file("syntax.json") + ":3:10: not valid JSON: expected ':' after an object key"))
        }
    }

    /// `check --config` with a config the daemon refuses says why at once, with the daemon's words,
    /// and exits as the daemon would (78), or 66 for a file that is not there.
    @Test func checkWithABadConfigFailsAtOnce() {
        let directory = TemporaryDirectory()
        let config = write(Self.food, in: directory)
        let scenario = repositoryRoot + "/samples/scenarios/launch-pileup.json"
        let bad = Spawned.run(Spawned.entryd, ["check", "--config", config, scenario])
        #expect(bad.waitForExit(timeoutMilliseconds: 5000) == 78)
        #expect(bad.stderrText.contains(directory.path + "/" + Self.problems[0]))
        #expect(!bad.stderrText.contains("daemon.log"))
        let missing = Spawned.run(Spawned.entryd, ["check", "--config", directory.file("absent.json"), scenario])
        #expect(missing.waitForExit(timeoutMilliseconds: 5000) == 66)
        #expect(missing.stderrText.contains("absent.json: cannot read: No such file or directory"))
    }

    /// A daemon that exits before it is ready is reported when it exits, with what it wrote, never
    /// by a path to a log that is removed with its directory.
    @Test func aTemporaryDaemonThatExitsIsReportedWithItsOwnWords() throws {
        let directory = TemporaryDirectory()
        let config = write(Self.food, in: directory)
        let daemon = try TemporaryDaemon(executable: Spawned.entryd, configPath: config)
        let started = Monotonic.milliseconds()
        do {
            try daemon.start()
            Issue.record("the daemon started with a bad config")
        } catch {
            #expect(error.daemonExitStatus == 78)
            #expect(error.message.contains(Self.problems[0]))
            #expect(!error.message.contains(daemon.logPath))
        }
        #expect(Monotonic.milliseconds() - started < 5000)
    }
}
