import EntryDaemon

/// `entryd SUBCOMMAND ...`: parse, run, return a sysexits code for the process to exit with.
public enum EntrydCommandLine {
    /// Runs the command line `arguments` (without the program name).
    public static func run(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty {
            printError(Commands.overview())
            return 64
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            print(Commands.overview())
            return 0
        }
        if arguments == ["--version"] || arguments == ["version"] {
            print("entryd \(Commands.version)")
            return 0
        }
        switch parseArguments(arguments, commands: Commands.all) {
        case .failure(let error):
            return Usage.fail(error.command ?? "", error.message)
        case .success(let parsed):
            if parsed.has("help") {
                print(Commands.named(parsed.command)?.help ?? Commands.overview())
                return 0
            }
            switch parsed.command {
            case Commands.serve.name: return Serve.run(parsed)
            case Commands.push.name: return Push.run(parsed)
            case Commands.open.name, Commands.openurl.name: return Open.run(parsed)
            case Commands.retract.name: return Retract.run(parsed)
            case Commands.scene.name: return SceneCommand.run(parsed)
            case Commands.status.name: return Status.run(parsed)
            case Commands.watch.name: return Watch.run(parsed)
            case Commands.check.name: return Check.run(parsed)
            case Commands.checkConfig.name: return CheckConfig.run(parsed)
            case Commands.route.name: return RouteCommand.run(parsed)
            case Commands.link.name: return LinkCommand.run(parsed)
            case Commands.demo.name: return Demo.run(parsed)
            case Commands.verifyStore.name: return VerifyStore.run(parsed)
            case Commands.help.name: return Help.run(parsed)
            default:
                printError("entryd: '\(parsed.command)' is not available in this build")
                return 70
            }
        }
    }
}
