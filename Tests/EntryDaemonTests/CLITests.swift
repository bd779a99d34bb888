import EntryCLI
import EntryDaemon
import Glibc
import Testing

/// The client subcommands, run as a user runs them: the built `entryd` against a live daemon.
@Suite(.serialized) struct CLITests {
    static func sample(_ path: String) -> String { repositoryRoot + "/samples/" + path }

    @Test func pushAnAPNSFilePrintsTheEntry() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let push = Spawned.run(Spawned.entryd, ["push", Self.sample("apns/materunner-invitation.apns"), "--id", "invite-1",
                                                "--socket", daemon.socket])
        #expect(push.waitForExit() == 0)
        #expect(push.stdoutText == "id=invite-1 route=invitation state=pending params: inviter=Mina sessionId=run-42\n")
    }

    @Test func openALinkWithJSONPrintsTheReply() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let open = Spawned.run(Spawned.entryd, ["open", "https://materunner.app/r/7", "--id", "r-7", "--json", "--socket", daemon.socket])
        #expect(open.waitForExit() == 0)
        #expect(open.stdoutText == #"{"req":1,"ok":true,"id":"r-7","route":"recordDetail","params":{"id":"7"},"state":"pending"}"# + "\n")
    }

    @Test func statusJSONListsThePendingEntry() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        #expect(Spawned.run(Spawned.entryd, ["open", "materunner://tutorial/1", "--socket", daemon.socket]).waitForExit() == 0)
        let status = Spawned.run(Spawned.entryd, ["status", "--json", "--socket", daemon.socket])
        #expect(status.waitForExit() == 0)
        #expect(status.stdoutText.contains(#""route":"tutorial","source":"deeplink""#))
        let table = Spawned.run(Spawned.entryd, ["status", "--socket", daemon.socket])
        #expect(table.waitForExit() == 0)
        #expect(table.stdoutText.contains("AGE  LEFT"))
        #expect(table.stdoutText.hasPrefix("serving: com.example.materunner from <embedded samples/materunner.json>\n"))
        #expect(status.stdoutText.contains(#""config":"<embedded samples/materunner.json>","bundle":"com.example.materunner""#))
    }

    @Test func aSocketWhoseDirectoryIsMissingIsSaidSo() {
        let directory = TemporaryDirectory()
        let socket = directory.file("gone") + "/entryd.sock"
        let run = Spawned.run(Spawned.entryd, ["status", "--socket", socket])
        #expect(run.waitForExit() == 69)
        #expect(run.stderrText.contains("its directory \(directory.file("gone")) does not exist; start one with: entryd serve --socket \(socket)\n"),
                "\(run.stderrText)")
        let none = Spawned.run(Spawned.entryd, ["open", "materunner://records", "--socket", directory.file("s")])
        #expect(none.waitForExit() == 69)
        #expect(none.stderrText.hasSuffix("start one with: entryd serve --socket \(directory.file("s"))\n"), "\(none.stderrText)")
    }

    /// A scene that appears with another screen than home says it is not ready, and what it waits for.
    @Test func aSceneThatIsNotReadySaysWhy() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let scene = Spawned(Spawned.entryd, ["scene", "--home", "list", "--socket", daemon.socket], input: true)
        #expect(scene.waitForStdout(containing: "< ok ready: false, home: home, closed gates: signedIn\n"), "\(scene.stdoutText)")
        scene.type("quit\n")
        #expect(scene.waitForExit() == 0)
    }

    /// A connection closed without a reply is a daemon that stopped when none answers any more, and
    /// only otherwise one that may refuse this uid.
    @Test func aDaemonThatStoppedIsSaidToHaveStopped() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let live = ClientError.closedWithoutReply(path: daemon.socket).settled()
        #expect(live == .closedWithoutReply(path: daemon.socket))
        #expect(daemon.stop() == 0)
        let stopped = ClientError.closedWithoutReply(path: daemon.socket).settled()
        #expect(stopped == .daemonStopped(path: daemon.socket))
        #expect(stopped.description.hasPrefix("the daemon on \(daemon.socket) stopped before it answered"))
        #expect(!stopped.description.contains("allowed"))
    }

    @Test(arguments: [
        (["open", "materunner://nope"], 65, "no_route: no route matches materunner://nope"),
        (["open", "https://materunner.app/records/admin/1"], 65, "not_allowed"),
        (["push", "/nonexistent/file.apns"], 66, "cannot read /nonexistent/file.apns"),
        (["open", "materunner://records", "--source", "radio"], 64, "--source must be one of"),
        (["push", "-", "--expiration", "soon"], 64, "--expiration must be whole epoch seconds"),
        (["opne", "materunner://records"], 64, "did you mean 'open'?"),
        (["scene", "--atuo", "accept"], 64, "did you mean '--auto'?"),
        (["open", ""], 64, "the URL is empty"),
        (["push", "com.example.shopmate", sample("apns/materunner-record.apns")], 65,
         #"its "Simulator Target Bundle" is "com.example.materunner", but the command line names "com.example.shopmate""#),
    ] as [([String], Int32, String)])
    func refusalsExitWithTheirCode(arguments: [String], code: Int32, message: String) {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let run = Spawned.run(Spawned.entryd, arguments + ["--socket", daemon.socket])
        #expect(run.waitForExit() == code)
        #expect(run.stderrText.contains(message))
    }

    @Test(arguments: [["push", sample("apns/materunner-tutorial.apns")], ["open", "materunner://records"], ["watch"], ["scene"]])
    func withoutADaemonExits69WithAHint(arguments: [String]) {
        let directory = TemporaryDirectory()
        let run = Spawned.run(Spawned.entryd, arguments + ["--socket", directory.file("none")])
        #expect(run.waitForExit() == 69)
        #expect(run.stderrText.contains("start one with: entryd serve"))
    }

    @Test func aSceneAcceptsTheInvitationWhileAWatcherFollows() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let watch = Spawned(Spawned.entryd, ["watch", "--socket", daemon.socket])
        #expect(watch.waitForStderr(containing: "watching"))
        #expect(Spawned.run(Spawned.entryd, ["push", Self.sample("apns/materunner-invitation.apns"), "--id", "invite-1",
                                             "--socket", daemon.socket]).waitForExit() == 0)
        let scene = Spawned.run(Spawned.entryd, ["scene", "--gate", "signedIn", "--auto", "accept", "--count", "1",
                                                 "--socket", daemon.socket])
        #expect(scene.waitForExit() == 0)
        let events = scene.stdoutText.split(separator: "\n").map { $0.drop { $0 != "<" && $0 != ">" } }
        #expect(events == [
            "> scene.connect", "> scene.gate gate=signedIn open=true", "> scene.appeared screen=home",
            "< present invitation m-1 (entry invite-1, route invitation) inviter=Mina sessionId=run-42",
            "> scene.presented modal=m-1", "> scene.action action=accept modal=m-1", "< dismiss m-1",
            "> scene.dismissed modal=m-1", "< start run inviter=Mina sessionId=run-42",
        ])
        #expect(daemon.stop() == 0)
        #expect(watch.waitForExit() == 69)
        #expect(watch.stderrText.contains("closed the connection (it stopped or went away)"))
        let states = watch.stdoutText.split(separator: "\n").filter { $0.contains("entry invite-1") }.map { $0.split(separator: " ")[4] }
        #expect(states == ["pending", "queued", "presenting", "presented", "done"])
    }

    /// simctl's words: `push [DEVICE] BUNDLE FILE`, `push DEVICE FILE`, `openurl DEVICE URL`, a payload
    /// with a byte-order mark.
    @Test func simctlHabitsWork() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let directory = TemporaryDirectory()
        let file = directory.file("bom.apns")
        #expect(writeFile(file, [0xEF, 0xBB, 0xBF] + Array(#"{"aps":{"alert":"New record"},"type":"record","recordId":"7"}"#.utf8)))
        let push = Spawned.run(Spawned.entryd, ["push", "booted", "com.example.materunner", file, "--id", "r-7", "--socket", daemon.socket])
        #expect(push.waitForExit() == 0, "\(push.stderrText)")
        #expect(push.stdoutText == "id=r-7 route=recordDetail state=pending params: id=7\n")
        let device = Spawned.run(Spawned.entryd, ["push", "booted", file, "--id", "r-8", "--socket", daemon.socket])
        #expect(device.waitForExit() == 0, "\(device.stderrText)")
        #expect(device.stdoutText == "id=r-8 route=recordDetail state=pending params: id=7\n")
        let open = Spawned.run(Spawned.entryd, ["openurl", "booted", "materunner://tutorial/2", "--expires-in", "10m",
                                                "--socket", daemon.socket])
        #expect(open.waitForExit() == 0, "\(open.stderrText)")
        #expect(open.stdoutText.contains("route=tutorial state=pending"))
        let bare = directory.file("bare.apns")
        #expect(writeFile(bare, Array(#"{"type":"record","recordId":"8"}"#.utf8)))
        let wrong = Spawned.run(Spawned.entryd, ["push", "booted", "com.example.shopmate", bare, "--socket", daemon.socket])
        #expect(wrong.waitForExit() == 65)
        #expect(wrong.stderrText.contains(#"wrong_bundle: payload's "Simulator Target Bundle" is "com.example.shopmate""#))
    }

    /// `retract` by kind withdraws what waits and prints how many; once nothing is left, it says so.
    @Test func retractWithdrawsByKind() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        #expect(Spawned.run(Spawned.entryd, ["push", Self.sample("apns/materunner-update-notice.apns"), "--socket", daemon.socket])
            .waitForExit() == 0)
        let retract = Spawned.run(Spawned.entryd, ["retract", "--kind", "updateNotice", "--socket", daemon.socket])
        #expect(retract.waitForExit() == 0)
        #expect(retract.stdoutText == "retracted 1\n")
        let again = Spawned.run(Spawned.entryd, ["retract", "--kind", "updateNotice", "--json", "--socket", daemon.socket])
        #expect(again.waitForExit() == 0)
        #expect(again.stdoutText == #"{"req":1,"ok":true,"retracted":0}"# + "\n")
        let none = Spawned.run(Spawned.entryd, ["retract", "--kind", "updateNotice", "--socket", daemon.socket])
        #expect(none.waitForExit() == 0)
        #expect(none.stdoutText == "retracted 0: nothing waiting or on screen matches --kind updateNotice\n")
    }

    /// A `--kind` the daemon's config has not can never match: an error naming the nearest kind,
    /// or the kinds there are, where a kind it has that matched nothing is only said so.
    @Test func retractOfAKindTheConfigLacksNamesTheNearest() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let typo = Spawned.run(Spawned.entryd, ["retract", "--kind", "invitaton", "--socket", daemon.socket])
        #expect(typo.waitForExit() == 65)
        #expect(typo.stdoutText == "retracted 0\n")
        #expect(typo.stderrText == #"entryd retract: --kind "invitaton" is not a modal kind of the config <embedded samples/materunner.json>; did you mean "invitation"?"#
                + "\n", "\(typo.stderrText)")
        let nope = Spawned.run(Spawned.entryd, ["retract", "--kind", "nope", "--socket", daemon.socket])
        #expect(nope.waitForExit() == 65)
        #expect(nope.stderrText.hasSuffix(#""nope" is not a modal kind of the config <embedded samples/materunner.json>; "#
                                          + "its modal kinds are invitation, permissionGuide, serviceNotice, tutorial, updateNotice\n"), "\(nope.stderrText)")
        let known = Spawned.run(Spawned.entryd, ["retract", "--kind", "invitation", "--socket", daemon.socket])
        #expect(known.waitForExit() == 0)
        #expect(known.stderrText.isEmpty)
    }

    /// The command `status` ends a page with is the one for the next page of the same daemon, page
    /// size and token: the `--limit`, `--socket` and `--token-file` it was given come again.
    @Test func statusMoreRepeatsItsLimitAndSocket() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        for record in 1...3 {
            #expect(Spawned.run(Spawned.entryd, ["open", "materunner://records/\(record)", "--socket", daemon.socket]).waitForExit() == 0)
        }
        let first = Spawned.run(Spawned.entryd, ["status", "--limit", "1", "--socket", daemon.socket])
        #expect(first.waitForExit() == 0)
        let more = first.stdoutText.split(separator: "\n").filter { $0.hasPrefix("more: ") }
        #expect(more == ["more: entryd status --after p1 --limit 1 --socket \(daemon.socket)"], "\(first.stdoutText)")
        let next = Spawned.run(Spawned.entryd, ["status", "--after", "p1", "--limit", "1", "--socket", daemon.socket])
        #expect(next.waitForExit() == 0)
        #expect(next.stdoutText.contains("more: entryd status --after p2 --limit 1 --socket \(daemon.socket)\n"), "\(next.stdoutText)")
    }

    /// `watch --json` puts the time it read each line first; a scene, like a watcher, exits 69 when
    /// the daemon goes away.
    @Test func watchJSONIsTimedAndSceneExits69WhenTheDaemonStops() {
        let daemon = LiveDaemon(["--store", ":memory:"])
        let watch = Spawned(Spawned.entryd, ["watch", "--json", "--socket", daemon.socket])
        #expect(watch.waitForStdout(containing: #""ok":true"#))
        let scene = Spawned(Spawned.entryd, ["scene", "--auto", "accept", "--socket", daemon.socket])
        #expect(watch.waitForStdout(containing: #""what":"connected""#))
        #expect(daemon.stop() == 0)
        #expect(scene.waitForExit() == 69)
        #expect(scene.stderrText.contains("closed the connection (it stopped or went away)"))
        #expect(watch.waitForExit() == 69)
        let lines = watch.stdoutText.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"time":"20"#) && $0.contains(#"Z","#) }, "\(watch.stdoutText)")
    }

    @Test func demoRunsAColdStartAndCleansUp() {
        let demo = Spawned.run(Spawned.entryd, ["demo", "--hold", "0"])
        #expect(demo.waitForExit() == 0)
        let presents = demo.stdoutText.split(separator: "\n").filter { $0.contains("< present") }.map { $0.split(separator: " ")[5] }
        #expect(presents == ["tutorial", "invitation"])
        #expect(demo.stdoutText.contains("< start run inviter=Mina sessionId=run-42"))
        // The demo's scene confirms its steps, as an app on SceneDriver does.
        #expect(demo.stdoutText.contains("> scene.handled step=invite-42/"), "\(demo.stdoutText)")
        #expect(demo.stdoutText.contains("temporary files removed"))
    }

    /// A demo whose daemon dies prints the daemon's last log lines, not the path of a log it deletes.
    @Test func aFailedDemoPrintsItsLogNotAPathItDeleted() throws {
        let demo = Spawned(Spawned.entryd, ["demo", "--hold", "60000"])
        #expect(demo.waitForStdout(containing: "< present"), "\(demo.stdoutText)")
        let line = try #require(demo.stdoutText.split(separator: "\n").first { $0.contains("daemon ready on ") })
        let socket = try #require(line.split(separator: " ").first { $0.hasSuffix("/entryd.sock") }.map(String.init))
        let daemon = try #require(processes().first { $0.arguments.contains(socket) && $0.arguments.contains("serve") })
        kill(daemon.pid, SIGKILL)
        #expect(demo.waitForExit() == 69)
        #expect(demo.stderrText.contains("the daemon's log (last lines):\n  time="), "\(demo.stderrText)")
        let directory = String(socket.dropLast("/entryd.sock".count))
        #expect(!demo.stderrText.contains(directory + "/daemon.log"), "\(demo.stderrText)")
        var info = stat()
        #expect(stat(directory, &info) != 0, "the demo left \(directory)")
    }

    /// The running processes and their arguments, from /proc.
    private func processes() -> [(pid: pid_t, arguments: [String])] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [(pid: pid_t, arguments: [String])] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let bytes = fileBytes("/proc/\(name)/cmdline") else { continue }
            found.append((pid, bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }))
        }
        return found
    }

    @Test(arguments: Commands.all.map(\.name))
    func helpShowsUsageAndExamples(command: String) {
        let help = Spawned.run(Spawned.entryd, [command, "--help"])
        #expect(help.waitForExit() == 0)
        #expect(help.stdoutText.hasPrefix("usage: entryd \(command)"))
        #expect(help.stdoutText.contains("examples:\n  entryd \(command)"))
    }

    @Test func versionPrintsTheVersion() {
        let version = Spawned.run(Spawned.entryd, ["--version"])
        #expect(version.waitForExit() == 0)
        #expect(version.stdoutText == "entryd \(Commands.version)\n")
    }
}
