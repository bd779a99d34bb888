/// The subcommands of `entryd` and their flags (SPEC §5).
public enum Commands {
    /// `entryd --version`.
    public static let version = "0.1.0"

    public static let serve = CommandSpec("serve", flags: [
        FlagSpec("socket"), FlagSpec("config"), FlagSpec("store"), FlagSpec("allow-uid", repeatable: true),
        FlagSpec("max-frame"), FlagSpec("max-clients"), FlagSpec("max-pending"), FlagSpec("stall-timeout"),
        FlagSpec("max-output"), FlagSpec("max-payload"), FlagSpec("max-url"), FlagSpec("max-collapse-id"),
        FlagSpec("log-level"), FlagSpec("log-format"),
    ], usage: "entryd serve [--socket PATH] [--config FILE] [--store FILE|:memory:] [--allow-uid UID]... "
        + "[--max-frame BYTES] [--max-clients N] [--max-pending N] [--stall-timeout SECONDS] [--max-output BYTES] "
        + "[--max-payload BYTES] [--max-url BYTES] [--max-collapse-id BYTES] "
        + "[--log-level debug|info|warn|error] [--log-format logfmt|json]",
       summary: "Runs the daemon in the foreground until SIGTERM or SIGINT (the sample MateRunner config without --config; --store :memory: keeps nothing across a restart).",
       examples: ["entryd serve --store :memory:",
                  "entryd serve --config samples/shopmate.json --socket /tmp/shop.sock --log-level debug"])

    public static let push = CommandSpec("push", flags: [
        FlagSpec("socket"), FlagSpec("id"), FlagSpec("collapse-id"), FlagSpec("expiration"), FlagSpec("json", takesValue: false),
    ], positionals: 1...1, usage: "entryd push FILE.apns|- [--id ID] [--collapse-id ID] [--expiration EPOCH] [--socket PATH] [--json]",
       summary: "Sends a push payload, read from an .apns file as `xcrun simctl push` takes it (- reads stdin).",
       examples: ["entryd push samples/apns/materunner-invitation.apns",
                  "entryd push samples/apns/materunner-tutorial.apns --id tutorial-1 --expiration 0",
                  #"echo '{"type":"record","recordId":"7"}' | entryd push -"#])

    public static let open = CommandSpec("open", flags: [
        FlagSpec("socket"), FlagSpec("source"), FlagSpec("id"), FlagSpec("expiration"), FlagSpec("json", takesValue: false),
    ], positionals: 1...1, usage: "entryd open URL [--source deeplink|universalLink|widget|shortcut] [--id ID] "
        + "[--expiration EPOCH] [--socket PATH] [--json]",
       summary: "Opens a link as the app would receive it (https URLs are universal links).",
       examples: ["entryd open materunner://invite/run-42",
                  "entryd open https://materunner.app/records/7",
                  "entryd open materunner://records --source widget"])

    public static let scene = CommandSpec("scene", flags: [
        FlagSpec("socket"), FlagSpec("name"), FlagSpec("home"), FlagSpec("launch-url"), FlagSpec("launch-push"),
        FlagSpec("appear-after"), FlagSpec("gate", repeatable: true), FlagSpec("auto"), FlagSpec("hold"), FlagSpec("count"),
        FlagSpec("json", takesValue: false),
    ], usage: "entryd scene [--name main] [--home SCREEN] [--launch-url URL | --launch-push FILE] [--appear-after MS] "
        + "[--gate NAME]... [--auto accept|dismiss|ACTION] [--hold MS] [--count N] [--socket PATH] [--json]",
       summary: "Plays a UI scene: connects, opens gates, appears home, acknowledges presents and dismissals and prints "
        + "every event. Without --auto it reads commands from stdin: " + "dismiss, ACTION, busy on|off, gate NAME on|off, "
        + "appear [SCREEN], finish SCREEN, pushed SCREEN PARENT, reset, background, quit.",
       examples: ["entryd scene --gate signedIn",
                  "entryd scene --gate signedIn --auto accept --hold 1000",
                  "entryd scene --launch-url materunner://invite/run-7 --gate signedIn --appear-after 500 --auto accept --count 1"])

    public static let status = CommandSpec("status", flags: [FlagSpec("socket"), FlagSpec("json", takesValue: false)],
                                           usage: "entryd status [--socket PATH] [--json]",
                                           summary: "Shows scenes, pending entries (age, time left) and counts per state.",
                                           examples: ["entryd status", "entryd status --json"])

    public static let watch = CommandSpec("watch", flags: [FlagSpec("socket"), FlagSpec("json", takesValue: false)],
                                          usage: "entryd watch [--socket PATH] [--json]",
                                          summary: "Follows entry state changes and scene changes until the daemon stops.",
                                          examples: ["entryd watch", "entryd watch --json"])

    public static let check = CommandSpec("check", flags: [FlagSpec("config")], positionals: 1...Int.max,
                                          usage: "entryd check [--config FILE] SCENARIO.json...",
                                          summary: "Runs cold-start scenarios, each against a fresh daemon; exits 1 on a failure.",
                                          examples: ["entryd check samples/scenarios/*.json",
                                                     "entryd check --config my-app.json my-scenario.json"])

    public static let demo = CommandSpec("demo", flags: [FlagSpec("hold")], usage: "entryd demo [--hold MS]",
                                         summary: "A cold start, end to end, with its own daemon: two pushes while the app "
                                            + "is closed, then a scene that signs in, appears and handles both.",
                                         examples: ["entryd demo", "entryd demo --hold 800"])

    public static let verifyStore = CommandSpec(
        "verify-store", flags: [FlagSpec("store")],
        usage: "entryd verify-store [--store FILE]",
        summary: "Runs SQLite's integrity check on a store the daemon is not using (stop the daemon first), "
            + "then reads every row as a start-up would.",
        examples: ["entryd verify-store", "entryd verify-store --store /var/lib/entryd/entryd.sqlite"])

    public static let all = [serve, push, open, scene, status, watch, check, demo, verifyStore]

    /// Every usage line, for `entryd --help` and usage errors.
    public static var usage: String {
        "usage:\n" + all.map { "  " + $0.usage }.joined(separator: "\n")
            + "\n  entryd --version\n\n`entryd SUBCOMMAND --help` shows examples."
    }
}
