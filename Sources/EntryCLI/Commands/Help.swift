import EntryDaemon
import EntryRouter

/// `entryd help [SUBCOMMAND]`: the overview, or a subcommand's `--help`.
enum Help {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        guard let name = parsed.positionals.first else {
            print(Commands.overview())
            return 0
        }
        guard let spec = Commands.named(name) else {
            let hint = NearestName.suggestion(for: name, among: Commands.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            return Usage.fail("help", "unknown subcommand '\(name)'\(hint)")
        }
        print(spec.help)
        return 0
    }
}
