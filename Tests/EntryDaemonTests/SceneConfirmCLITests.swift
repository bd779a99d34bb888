import EntryCLI
import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// `entryd scene --confirm`, `--discard` and the `discard` command, against a live daemon.
@Suite(.serialized) struct SceneConfirmCLITests {
    static let invitation = #""op":"push","id":"invite-1","payload":{"type":"invitation","sessionId":"run-1","inviter":{"name":"Mina"}}"#

    /// With `--confirm` the scene connects confirming and answers the run's `start` with
    /// `scene.handled` after printing it; the daemon accepts it and the invitation is done.
    @Test func aConfirmingSceneAnswersTheStartAfterPrintingIt() throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let watcher = try LiveConnection(daemon)
        try #require(watcher.request(#""op":"watch""#).isOK)
        try #require(try LiveConnection(daemon).request(Self.invitation).isOK)
        let scene = Spawned.run(Spawned.entryd, ["scene", "--confirm", "--gate", "signedIn", "--auto", "accept", "--count", "1",
                                                 "--socket", daemon.socket])
        #expect(scene.waitForExit() == 0, "\(scene.stderrText)")
        let lines = scene.stdoutText.split(separator: "\n").map { String($0.drop { $0 != "<" && $0 != ">" }) }
        #expect(lines.first == "> scene.connect confirms=true", "\(scene.stdoutText)")
        let start = try #require(lines.firstIndex(of: "< start run inviter=Mina sessionId=run-1"), "\(scene.stdoutText)")
        #expect(lines.count > start + 1 && lines[start + 1].hasPrefix("> scene.handled step=invite-1/"), "\(scene.stdoutText)")
        #expect(!lines.contains { $0.hasPrefix("< error") }, "\(scene.stdoutText)")
        _ = try watcher.event { $0["event"] == .string("entry") && $0["id"] == .string("invite-1") && $0["state"] == .string("done") }
    }

    /// A confirming scene `window-1` got the run's `start` and closed before it confirmed it (the user
    /// swiped the app away): the start is owed to `window-1`, so `window-2` gets it only once told
    /// that window-1's session was discarded, by `--discard` or by the `discard` command, with the
    /// same step id, and confirms it.
    @Test(arguments: [true, false])
    func aDiscardedScenesStartComesToTheNextScene(byFlag: Bool) throws {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let watcher = try LiveConnection(daemon)
        try #require(watcher.request(#""op":"watch""#).isOK)
        let step = try Self.startWrittenAndNotConfirmed(on: daemon)
        _ = try watcher.event { $0["event"] == .string("scene") && $0["scene"] == .string("window-1") && $0["what"] == .string("disconnected") }

        var arguments = ["scene", "--name", "window-2", "--confirm", "--gate", "signedIn", "--socket", daemon.socket]
        if byFlag { arguments += ["--discard", "window-1", "--auto", "accept"] }
        let scene = Spawned(Spawned.entryd, arguments, input: !byFlag)
        defer { scene.signal(SIGTERM) }
        #expect(scene.waitForStdout(containing: "> scene.appeared screen=home"), "\(scene.stdoutText)\(scene.stderrText)")
        if !byFlag {
            #expect(!scene.waitForStdout(containing: "< start", timeoutMilliseconds: 300), "the start is window-1's until it is discarded")
            scene.type("discard window-1\n")
        }
        #expect(scene.waitForStdout(containing: "> scene.discarded scene=window-1"), "\(scene.stdoutText)")
        #expect(scene.waitForStdout(containing: "< start run inviter=Mina sessionId=run-1\n"), "\(scene.stdoutText)\(scene.stderrText)")
        #expect(scene.waitForStdout(containing: "> scene.handled step=\(step)\n"), "\(scene.stdoutText)")
        _ = try watcher.event { $0["event"] == .string("entry") && $0["id"] == .string("invite-1") && $0["state"] == .string("done") }
        if !byFlag {
            scene.type("quit\n")
            #expect(scene.waitForExit() == 0)
        }
    }

    /// Scene `window-1`, confirming, accepts the invitation and reads the run's `start`, then closes
    /// without confirming it. Returns the start's step id.
    static func startWrittenAndNotConfirmed(on daemon: LiveDaemon) throws -> String {
        let window = try LiveConnection(daemon)
        for op in [#""op":"scene.connect","scene":"window-1","confirms":true"#,
                   #""op":"scene.gate","scene":"window-1","gate":"signedIn","open":true"#,
                   #""op":"scene.appeared","scene":"window-1","screen":"home""#] {
            try #require(window.request(op).isOK, "\(op)")
        }
        try #require(try LiveConnection(daemon).request(invitation).isOK)
        let modal = try #require(try window.event { $0["event"] == .string("present") }.text("modal"))
        try #require(window.request(#""op":"scene.presented","scene":"window-1","modal":"\#(modal)""#).isOK)
        try #require(window.request(#""op":"scene.action","scene":"window-1","modal":"\#(modal)","action":"accept""#).isOK)
        _ = try window.event { $0["event"] == .string("dismiss") }
        try #require(window.request(#""op":"scene.dismissed","scene":"window-1","modal":"\#(modal)""#).isOK)
        let start = try window.event { $0["event"] == .string("start") }
        return try #require(start.text("step"), "a confirming scene's start carries its step id: \(start)")
    }
}
