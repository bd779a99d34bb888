import EntryDaemon

/// `entryd SUBCOMMAND ...`: parse, run, return a sysexits code for the process to exit with.
package enum EntrydCommandLine {
    /// Runs the command line `arguments` (without the program name).
    package static func run(_ arguments: [String]) -> Int32 {
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
            // The parser returns only names of these specs.
            let spec = Commands.named(parsed.command)
            if parsed.has("help") {
                print(spec?.help ?? Commands.overview())
                return 0
            }
            return spec?.run(parsed) ?? Usage.fail(parsed.command, "unknown subcommand '\(parsed.command)'")
        }
    }
}
