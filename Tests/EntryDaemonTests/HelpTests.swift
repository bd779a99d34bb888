import EntryCLI
import EntryDaemon
import Testing

/// `entryd --help`, `entryd help SUBCOMMAND` and usage errors, as a person reads them.
@Suite struct HelpTests {
    @Test func overviewHasOneLinePerSubcommandTheEnvironmentAndExitCodes() {
        let lines = Commands.overview(uid: 1000).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let start = try! #require(lines.firstIndex(of: "subcommands:"))
        let listed = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(listed.map { $0.split(separator: " ").first.map(String.init) } == Commands.all.map(\.name))
        let text = lines.joined(separator: "\n")
        for word in ["ENTRYD_SOCKET", "ENTRYD_TOKEN", "$XDG_RUNTIME_DIR/entryd.sock", "XDG_STATE_HOME", "64  usage", "69", "78  the config"] {
            #expect(text.contains(word), "the overview should mention \(word)")
        }
    }

    @Test(arguments: Commands.all)
    func everyHelpFitsAndListsEveryFlag(command: CommandSpec) {
        let lines = command.help.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        for flag in command.flags {
            #expect(command.help.contains("  " + flag.synopsis), "--help of \(command.name) should describe --\(flag.name)")
            #expect(command.usage.contains("[" + flag.synopsis + "]"))
            #expect(!flag.help.isEmpty)
        }
        #expect(!command.arity.contains("\(Int.max)"))
    }

    @Test(arguments: Commands.all.map(\.name))
    func helpSubcommandIsTheSubcommandsHelp(command: String) {
        let help = Spawned.run(Spawned.entryd, ["help", command])
        let flag = Spawned.run(Spawned.entryd, [command, "--help"])
        #expect(help.waitForExit() == 0)
        #expect(flag.waitForExit() == 0)
        #expect(help.stdoutText == flag.stdoutText)
        #expect(help.stdoutText.hasPrefix("usage: entryd \(command)"))
        #expect(help.stdoutText.contains("examples:\n  entryd \(command)"))
    }

    @Test func helpOfAnUnknownSubcommandSuggestsOne() {
        let help = Spawned.run(Spawned.entryd, ["help", "pushh"])
        #expect(help.waitForExit() == 64)
        #expect(help.stderrText.contains("unknown subcommand 'pushh'; did you mean 'push'?"))
    }

    /// A usage error shows what is wrong and that subcommand's usage, not the list of every subcommand.
    @Test(arguments: [
        (["open"], "entryd open: 'open' takes 1 argument (URL), got 0\nusage: entryd open URL"),
        (["status", "now"], "entryd status: 'status' takes no arguments, got 1\nusage: entryd status"),
        (["open", ""], "entryd open: the URL is empty\nusage: entryd open URL"),
        (["retract"], "entryd retract: give exactly one of --id, --kind and --collapse-id\nusage: entryd retract"),
        (["retract", "--id", "a", "--kind", "b"], "give exactly one of --id, --kind and --collapse-id; got --id and --kind"),
        (["push", "x.apns", "--expires-in", "soon"], "--expires-in takes a whole number and a unit: 1500ms, 30s, 10m, 2h or 1d; got 'soon'"),
        (["openurl", "booted"], "entryd openurl: 'booted' is a device, not a URL: give the URL after it\nusage: entryd openurl"),
        (["push", "x.apns", "--expires-in", "1m", "--expiration", "0"], "give --expiration or --expires-in, not both"),
        (["scene", "--count", "0"], "entryd scene: --count must be a positive number; got '0'\nusage: entryd scene"),
    ] as [([String], String)])
    func usageErrorsShowThatSubcommandsUsage(arguments: [String], message: String) {
        let run = Spawned.run(Spawned.entryd, arguments + ["--socket", "/nonexistent/s"])
        #expect(run.waitForExit() == 64)
        #expect(run.stderrText.contains(message), "\(run.stderrText)")
        #expect(run.stderrText.contains("`entryd help \(arguments[0])` describes every flag."))
        #expect(!run.stderrText.contains("entryd serve"))
    }
}
