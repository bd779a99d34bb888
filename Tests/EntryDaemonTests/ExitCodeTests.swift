@testable import EntryCLI
import EntryDaemon
import EntryHost
import EntryRouter
import Testing

/// Every exit status the program uses is listed in `entryd --help`, and one cause has one status
/// whichever subcommand meets it.
@Suite struct ExitCodeTests {
    /// One of each way `serve` refuses to start; exhaustive, so that a new one is listed here.
    static let daemonErrors: [DaemonError] = [
        .socketPathTooLong("s"), .alreadyServing("s"), .foreignListener(path: "s", uid: 1),
        .socketDirectory(path: "d", .cannotCreate(reason: "r")), .socketDirectory(path: "d", .notADirectory),
        .socketDirectory(path: "d", .ownedBy(1)), .socketDirectory(path: "d", .openTo(mode: 0o755)),
        .notASocket("s"), .loop(UVError(code: -24, operation: "accept")), .store(StoreError(path: "p", message: "m")),
        .config(file: "c", message: "m"), .configUnreadable(file: "c", reason: "r"), .descriptorLimit(limit: 8, needed: 18),
        .tokenFileNeeded, .tokenFile(path: "t", .openTo(mode: 0o644)), .tokenFile(path: "t", .ownedBy(1)),
        .tokenFile(path: "t", .cannotCreate(reason: "r")), .tokenFile(path: "t", .cannotRead(reason: "r")), .tokenFile(path: "t", .empty),
    ]

    @Test func everyCodeTheProgramUsesIsListed() {
        for error in Self.daemonErrors {
            switch error {
            case .socketPathTooLong, .alreadyServing, .foreignListener, .socketDirectory, .notASocket, .loop, .store, .config,
                 .configUnreadable, .descriptorLimit, .tokenFileNeeded, .tokenFile: break
            }
            #expect(Commands.exitCodes.contains { $0.0 == error.exitCode }, "exit \(error.exitCode) (\(error)) is not in --help")
        }
        let failures: [ConfigCheck.Failure] = [.unreadable(file: "c", reason: "r"), .invalid(ConfigErrors([]))]
        for failure in failures {
            #expect(Commands.exitCodes.contains { $0.0 == failure.exitCode }, "exit \(failure.exitCode) is not in --help")
        }
        let overview = Commands.overview(uid: 1000)
        for (code, _) in Commands.exitCodes {
            #expect(overview.contains("\n  \(code) "), "--help does not list \(code)")
        }
    }

    /// A missing config file is 66 for `serve`, `check` and `check-config` alike.
    @Test func aMissingConfigIsTheSameCodeEverywhere() {
        let directory = TemporaryDirectory()
        let missing = directory.file("missing.json")
        let scenario = directory.file("s.json")
        #expect(writeFile(scenario, Array(#"{"steps": []}"#.utf8)))
        let runs = [
            Spawned.run(Spawned.entryd, ["serve", "--config", missing, "--store", ":memory:", "--socket", directory.file("s")]),
            Spawned.run(Spawned.entryd, ["check", "--config", missing, scenario]),
            Spawned.run(Spawned.entryd, ["check-config", missing]),
        ]
        for run in runs {
            #expect(run.waitForExit() == 66, "\(run.stderrText)")
            #expect((run.stderrText + run.stdoutText).contains("missing.json: cannot read: No such file or directory"), "\(run.stderrText)")
        }
    }
}
