import EntryDaemon
import Glibc

/// `entryd SUBCOMMAND ...`: parse, run, exit with a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    printError(Commands.overview())
    exit(64)
}
if arguments == ["--help"] || arguments == ["-h"] {
    print(Commands.overview())
    exit(0)
}
if arguments == ["--version"] || arguments == ["version"] {
    print("entryd \(Commands.version)")
    exit(0)
}
switch parseArguments(arguments, commands: Commands.all) {
case .failure(let error):
    exit(Usage.fail(error.command ?? "", error.message))
case .success(let parsed):
    if parsed.has("help") {
        print(Commands.named(parsed.command)?.help ?? Commands.overview())
        exit(0)
    }
    switch parsed.command {
    case Commands.serve.name: exit(Serve.run(parsed))
    case Commands.push.name: exit(Push.run(parsed))
    case Commands.open.name, Commands.openurl.name: exit(Open.run(parsed))
    case Commands.retract.name: exit(Retract.run(parsed))
    case Commands.scene.name: exit(SceneCommand.run(parsed))
    case Commands.status.name: exit(Status.run(parsed))
    case Commands.watch.name: exit(Watch.run(parsed))
    case Commands.check.name: exit(Check.run(parsed))
    case Commands.checkConfig.name: exit(CheckConfig.run(parsed))
    case Commands.route.name: exit(RouteCommand.run(parsed))
    case Commands.link.name: exit(LinkCommand.run(parsed))
    case Commands.demo.name: exit(Demo.run(parsed))
    case Commands.verifyStore.name: exit(VerifyStore.run(parsed))
    case Commands.help.name: exit(Help.run(parsed))
    default:
        printError("entryd: '\(parsed.command)' is not available in this build")
        exit(70)
    }
}
