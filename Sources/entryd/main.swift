import EntryDaemon
import Glibc

/// `entryd SUBCOMMAND ...`: parse, run, exit with a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(Commands.usage)
    exit(arguments.isEmpty ? 64 : 0)
}
if arguments == ["--version"] || arguments == ["version"] {
    print("entryd \(Commands.version)")
    exit(0)
}
switch parseArguments(arguments, commands: Commands.all) {
case .failure(let error):
    printError("entryd: \(error)\n\(Commands.usage)")
    exit(64)
case .success(let parsed):
    if parsed.has("help") {
        print(Commands.all.first { $0.name == parsed.command }?.help ?? Commands.usage)
        exit(0)
    }
    switch parsed.command {
    case Commands.serve.name: exit(Serve.run(parsed))
    case Commands.push.name: exit(Push.run(parsed))
    case Commands.open.name: exit(Open.run(parsed))
    case Commands.scene.name: exit(SceneCommand.run(parsed))
    case Commands.status.name: exit(Status.run(parsed))
    case Commands.watch.name: exit(Watch.run(parsed))
    case Commands.check.name: exit(Check.run(parsed))
    case Commands.demo.name: exit(Demo.run(parsed))
    case Commands.verifyStore.name: exit(VerifyStore.run(parsed))
    default:
        printError("entryd: '\(parsed.command)' is not available in this build")
        exit(69)
    }
}
