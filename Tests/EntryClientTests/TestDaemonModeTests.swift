import EntryClient
import EntryTesting
import Foundation
import Testing

/// The two modes of a test's daemon: chosen by name, refusing what they cannot do, and telling the
/// same story across a restart.
@Suite struct TestDaemonModeTests {
    @Test func anUnknownModeIsRefusedNamingBoth() throws {
        #expect(throws: TestingError.self) { try TestMode.named("docker") }
        do {
            _ = try TestMode.named("docker")
        } catch {
            #expect(error.description.contains("ENTRYD_TEST_MODE=inprocess") && error.description.contains("ENTRYD_TEST_MODE=daemon"))
        }
        #expect(try TestMode.named("InProcess") == .inProcess)
        #expect(try TestMode.named("daemon") == .daemon)
    }

    /// A config the engine refuses fails `start` with the config's own words: its file and route.
    @Test(arguments: TestMode.allCases) func aRefusedConfigFailsStartWithItsErrors(mode: TestMode) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("entryd-bad-\(mode)-\(UUID().uuidString).json").path
        let config = #"{"bundleId": "x", "schemes": ["t"], "home": "home", "routes": [{"name": "broken", "match": ["t://a"], "modal": "nope"}]}"#
        try config.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            let daemon = try await TestDaemon.start(config: file, mode: mode)
            daemon.stop()
            Issue.record("the config was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains(file) && text.contains("broken") && text.contains("nope"), "\(text)")
        }
    }

    @Test func serveArgumentsNeedTheDaemon() async {
        await #expect(throws: TestingError.self) {
            _ = try await TestDaemon.start(mode: .inProcess, serveArguments: ["--max-clients", "4"])
        }
    }

    /// In process an expectation is decided when nothing more happens: the failure says so, and
    /// names what the scene got.
    @Test func inProcessAnExpectationThatCannotBeMetFailsWhenQuiet() async throws {
        try await withTestDaemon(mode: .inProcess) { daemon in
            let scene = try await daemon.scene()
            try await scene.scene.appeared(screen: "home")
            do {
                try await scene.expect(.present(kind: "invitation"))
                Issue.record("nothing was presented, yet the expectation passed")
            } catch let failure as ExpectationFailure {
                #expect(failure.description.contains("went quiet"), "\(failure)")
            }
        }
    }

    /// In process, a scene whose events nobody reads keeps the test from going quiet: an expectation
    /// says so rather than pass or hang.
    @Test func inProcessAnUnreadSceneIsNamedRatherThanWaitedFor() async throws {
        try await withTestDaemon(mode: .inProcess) { daemon in
            let unread = try await EntryScene("unread", endpoint: daemon.endpoint)
            try await unread.appeared(screen: "home")
            let watched = try await daemon.scene()
            _ = try await daemon.sender().open("materunner://notice/maintenance")
            do {
                try await watched.expectNothing(.present(), for: .seconds(1))
                Issue.record("the unread scene's present went unnoticed")
            } catch let failure as ExpectationFailure {
                #expect(failure.description.contains("never went quiet"), "\(failure)")
            }
            unread.close()
        }
    }

    @Test(arguments: TestMode.allCases) func expectNothingSeesAnEventThatCame(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let scene = try await daemon.scene()
            try await scene.scene.appeared(screen: "home")
            _ = try await daemon.sender().open("materunner://notice/maintenance")
            await #expect(throws: ExpectationFailure.self) { try await scene.expectNothing(.present(), for: .milliseconds(500)) }
        }
    }

    /// What the store committed comes back after a crash: the dedupe window (of an entry that is
    /// gone, so only its seen key remembers it) and the entry numbers. In process it fails when the
    /// restart keeps what the store was never given, or loses what it was.
    @Test(arguments: TestMode.allCases) func aRestartKeepsTheDedupeWindowAndTheEntryNumbers(mode: TestMode) async throws {
        try await withTestDaemon(mode: mode) { daemon in
            let first = try await daemon.sender().open("materunner://records/1", id: "once")
            #expect(try await daemon.sender().retract(.id("once")) == 1)
            let numbered = try await daemon.sender().open("materunner://records/2")
            try await daemon.restart()
            let sender = try await daemon.sender()
            let again = try await sender.open("materunner://records/1", id: "once")
            let next = try await sender.open("materunner://records/3")
            #expect(first.state == .pending && again.state == .duplicate)
            #expect(numbered.id == "e-1" && next.id == "e-2")
            #expect(try await sender.status().pending.map(\.id) == ["e-1", "e-2"])
        }
    }

    /// `withTestDaemon` stops the daemon however its body ends: after a thrown error, nothing answers.
    @Test(arguments: TestMode.allCases) func withTestDaemonStopsTheDaemonWhenTheBodyThrows(mode: TestMode) async throws {
        struct Thrown: Error {}
        var endpoint: Endpoint?
        await #expect(throws: Thrown.self) {
            try await withTestDaemon(mode: mode) { daemon in
                endpoint = daemon.endpoint
                throw Thrown()
            }
        }
        let stopped = try #require(endpoint)
        await #expect(throws: EntryClientError.self) { _ = try await EntrySender(endpoint: stopped) }
    }
}
