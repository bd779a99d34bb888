/// The subcommands of `entryd` and their flags (SPEC §5).
public enum Commands {
    public static let serve = CommandSpec("serve", flags: [
        FlagSpec("socket"), FlagSpec("config"), FlagSpec("store"), FlagSpec("allow-uid", repeatable: true),
        FlagSpec("max-frame"), FlagSpec("max-clients"), FlagSpec("max-pending"), FlagSpec("stall-timeout"),
        FlagSpec("max-output"), FlagSpec("log-level"), FlagSpec("log-format"),
    ], usage: "entryd serve [--socket PATH] [--config FILE] [--store FILE|:memory:] [--allow-uid UID]... "
        + "[--max-frame BYTES] [--max-clients N] [--max-pending N] [--stall-timeout SECONDS] [--max-output BYTES] "
        + "[--log-level debug|info|warn|error] [--log-format logfmt|json]")

    public static let status = CommandSpec("status", flags: [FlagSpec("socket"), FlagSpec("json", takesValue: false)],
                                           usage: "entryd status [--socket PATH] [--json]")

    public static let check = CommandSpec("check", flags: [FlagSpec("config")], positionals: 1...Int.max,
                                          usage: "entryd check [--config FILE] SCENARIO.json...")

    public static let all = [serve, status, check]

    /// Every usage line, for `entryd --help` and usage errors.
    public static var usage: String { "usage:\n" + all.map { "  " + $0.usage }.joined(separator: "\n") }
}
