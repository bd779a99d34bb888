/// The subcommands of `entryd` and their flags (`entryd help`), each declared once here.
package enum Commands {
    /// `entryd --version`.
    package static let version = "0.1.0"

    package static let serve = CommandSpec(
        "serve", summary: "Run the daemon in the foreground until SIGTERM or SIGINT.",
        details: "Without --config it serves the sample MateRunner config compiled in; --store :memory: keeps "
            + "nothing across a restart. A config with problems is refused (exit 78), every problem on its own line.",
        flags: [
            FlagSpec("socket", "PATH", help: "the Unix socket (default: see entryd --help); TCP is --listen"), .config,
            FlagSpec("store", "FILE", help: "the SQLite store, in a directory that exists, or :memory: (default: $XDG_STATE_HOME/entryd/entryd.sqlite, its directories made 0700)"),
            FlagSpec("allow-uid", "UID", repeatable: true, help: "another uid that may connect, besides the daemon's own"),
            FlagSpec("listen", "tcp:HOST:PORT", repeatable: true, help: "also listen on TCP (an emulator, a container); HOST "
                + "must be loopback (127.0.0.1, ::1, localhost) unless --listen-public; clients begin with hello and the token"),
            FlagSpec("listen-public", help: "let --listen bind an address other machines can reach (a container's interface)"),
            FlagSpec("token-file", "FILE", help: "the token TCP clients show, made 0600 with 32 random bytes when missing "
                + "(default: entryd.token beside the store; required with --store :memory:)"),
            FlagSpec("max-frame", "BYTES", help: "longest request line (65536)"),
            FlagSpec("max-clients", "N", help: "connections at once (1024); TCP peers count once admitted by hello"),
            FlagSpec("max-awaiting-hello", "N", help: "TCP connections not yet admitted by hello, at once; past it new ones "
                + "are closed at accept (64)"),
            FlagSpec("max-pending", "N", help: "entries waiting at once (100000)"),
            FlagSpec("stall-timeout", "SECONDS", help: "how long a partial line may wait (10)"),
            FlagSpec("max-output", "BYTES", help: "unsent output per connection before it is dropped (1048576)"),
            FlagSpec("max-payload", "BYTES", help: "largest push payload (4096, as APNs)"),
            FlagSpec("max-url", "BYTES", help: "longest URL (2048)"),
            FlagSpec("max-collapse-id", "BYTES", help: "longest collapse id (64, as APNs)"),
            FlagSpec("max-scenes", "N", help: "scenes one connection may hold at once (64)"),
            FlagSpec("max-shows-in-flight", "N", help: "shows and action steps sent to a scene and not yet written, at most (128)"),
            FlagSpec("max-screens", "N", help: "screens tracked per scene; past it the oldest are forgotten (1000)"),
            FlagSpec("dedupe-window", "DURATION", help: "how long ids and launch entries are remembered: 30m, 24h, 7d (24h)"),
            FlagSpec("max-dedupe-keys", "N", help: "ids and launch entries remembered at once; the oldest are forgotten first (1000000)"),
            FlagSpec("log-level", "LEVEL", help: "debug, info, warn or error (info)"),
            FlagSpec("log-format", "FORMAT", help: "logfmt or json (logfmt)"),
            FlagSpec("clock", "CLOCK", help: "wall, or manual for tests: it starts at the wall clock's time and moves "
                + "only by the advance op (wall)"),
        ],
        examples: ["entryd serve --store :memory:",
                   "entryd serve --config samples/shopmate.json --socket /tmp/shop.sock",
                   "entryd serve --listen tcp:127.0.0.1:7000"],
        run: Serve.run)

    package static let push = CommandSpec(
        "push", summary: "Send a push payload from an .apns file, as xcrun simctl push.",
        details: "Takes simctl's words: DEVICE is accepted and ignored (the daemon is chosen by --socket), BUNDLE "
            + "must equal the file's \"Simulator Target Bundle\" when it has one, else it is added; the daemon checks "
            + "it against its config. Of two words before the file, one with a dot is BUNDLE, else DEVICE (simctl's "
            + "push booted FILE). - reads the payload from standard input. An FCM HTTP v1 message "
            + "(--fcm, or a file whose top level is {\"message\": ...}) is sent as an Android push.",
        arguments: [ArgumentSpec("DEVICE", .optional), ArgumentSpec("BUNDLE", .optional), ArgumentSpec("FILE.apns|-")],
        flags: [.id, FlagSpec("collapse-id", "ID", help: "replace a waiting push with the same collapse id (apns-collapse-id)"),
                FlagSpec("fcm", help: "the file is an FCM HTTP v1 message, not an APNs payload"),
                .expiration, .expiresIn, .socket, .tokenFile, .json],
        examples: ["entryd push samples/apns/materunner-invitation.apns",
                   "entryd push samples/apns/materunner-invitation.fcm.json",
                   "entryd push booted com.example.materunner samples/apns/materunner-link.apns",
                   "entryd push booted samples/apns/materunner-record.apns",
                   "entryd push samples/apns/materunner-tutorial.apns --expires-in 10m",
                   #"echo '{"type":"record","recordId":"7"}' | entryd push -"#],
        run: Push.run)

    package static let open = CommandSpec(
        "open", summary: "Open a link as the app would receive it.",
        details: "https URLs are universal links; other schemes are deep links unless --source says otherwise. "
            + "--android reads an https URL by the host's Android App Links rules (its assetlinks file) "
            + "instead of its apple-app-site-association rules.",
        arguments: [ArgumentSpec("URL")],
        flags: openFlags,
        examples: ["entryd open materunner://invite/run-42",
                   "entryd open https://materunner.app/records/7",
                   "entryd open --android https://materunner.app/records/7",
                   "entryd open materunner://records --source widget"],
        run: Open.run)

    package static let openurl = CommandSpec(
        "openurl", summary: "The same as open, with the words of xcrun simctl openurl.",
        details: "DEVICE is accepted and ignored: the daemon is chosen by --socket.",
        arguments: [ArgumentSpec("DEVICE", .optional), ArgumentSpec("URL")],
        flags: openFlags,
        examples: ["entryd openurl booted materunner://records/7"],
        run: Open.run)

    private static let openFlags: [FlagSpec] = [
        FlagSpec("source", "SOURCE", help: "deeplink, universalLink, widget, shortcut or deferred"),
        .android, .id, .expiration, .expiresIn, .socket, .tokenFile, .json,
    ]

    package static let retract = CommandSpec(
        "retract", summary: "Withdraw entries, waiting or shown, by id, kind or collapse id.",
        details: "Exactly one of --id, --kind and --collapse-id. Prints how many entries were retracted, and says so when nothing matched; "
            + "a --kind the daemon's config has not is an error (exit 65) naming the nearest one.",
        flags: [FlagSpec("id", "ID", help: "the entry with this id"),
                FlagSpec("kind", "KIND", help: "every entry of this modal kind"),
                FlagSpec("collapse-id", "ID", help: "the entry with this collapse id"),
                .socket, .tokenFile, .json],
        examples: ["entryd retract --kind updateNotice", "entryd retract --id invite-42"],
        run: Retract.run)

    package static let scene = CommandSpec(
        "scene", summary: "Play an app window: connect, appear, answer modals.",
        details: "It connects, opens gates, appears home, acknowledges presents and dismissals and prints every "
            + "event. Without --auto it reads commands from stdin: dismiss, ACTION, busy on|off, gate NAME on|off, "
            + "appear [SCREEN], finish SCREEN, pushed SCREEN PARENT, reset, background, discard SCENE, quit. It exits 69 "
            + "when the daemon goes away. Without --confirm it does not confirm steps, as the protocol's default "
            + "scene: it prints a step as soon as it reads it, so confirming would guard only against a kill between "
            + "the two, and its lines stay as scripts know them. --confirm plays an app on SceneDriver, which confirms.",
        flags: [FlagSpec("name", "NAME", help: "the scene's name (main)"),
                FlagSpec("home", "SCREEN", help: "the screen it appears with (the app's home, from the daemon)"),
                FlagSpec("launch-url", "URL", help: "the link that launched the app"),
                FlagSpec("launch-push", "FILE", help: "the push (an .apns file) that launched the app"),
                FlagSpec("appear-after", "MS", help: "milliseconds before the home screen appears (0)"),
                FlagSpec("gate", "NAME", repeatable: true, help: "a gate to open after connecting"),
                FlagSpec("auto", "ACTION", help: "answer every modal with this action, or dismiss"),
                FlagSpec("hold", "MS", help: "milliseconds a modal stays before --auto answers it (0)"),
                FlagSpec("count", "N", help: "exit after N modals were handled"),
                FlagSpec("confirm", help: "connect with confirms and answer each step (show, selectTab, start) with "
                    + "scene.handled once printed, as an app on SceneDriver does"),
                FlagSpec("discard", "SCENE", repeatable: true, help: "a scene whose session the system discarded "
                    + "(a force-quit), sent after connecting: what it was owed comes to the next ready scene"),
                .socket, .tokenFile, .json],
        examples: ["entryd scene --gate signedIn",
                   "entryd scene --gate signedIn --auto accept --hold 1000",
                   "entryd scene --name window-2 --confirm --discard window-1 --gate signedIn",
                   "entryd scene --launch-url materunner://tutorial/1 --auto done --count 1"],
        run: SceneCommand.run)

    package static let status = CommandSpec(
        "status", summary: "Show scenes, pending entries and counts per state.",
        flags: [.socket, .tokenFile, FlagSpec("json", help: "print the daemon's reply as it is"),
                FlagSpec("limit", "N", help: "entries per list, at most 1000 (100)"),
                FlagSpec("after", "CURSOR", help: "the page after the one whose table ended with this cursor")],
        examples: ["entryd status", "entryd status --json", "entryd status --after p100"],
        run: Status.run)

    package static let watch = CommandSpec(
        "watch", summary: "Follow entry and scene events until the daemon stops.",
        details: "It exits 69 when the daemon goes away.",
        flags: [.socket, .tokenFile, FlagSpec("json", help: "print each event as a JSON line with its \"time\"")],
        examples: ["entryd watch", "entryd watch --json"],
        run: Watch.run)

    package static let check = CommandSpec(
        "check", summary: "Run scenario files, each against a fresh daemon.",
        details: "It exits 1 when a step fails. A config the daemon would refuse stops the run before any "
            + "daemon starts (exit 78, 66 when it cannot be read); so does a scenario file with a mistake (exit 65). "
            + "With --junit, a file refused so is a failed testcase of the report, and the others are skipped.",
        arguments: [ArgumentSpec("SCENARIO.json", .oneOrMore)],
        flags: [FlagSpec("config", "FILE", help: "use this config for every scenario instead of its own"),
                FlagSpec("junit", "FILE", help: "also write the results as JUnit XML, one testcase per scenario")],
        examples: ["entryd check samples/scenarios/*.json",
                   "entryd check --junit check.xml samples/scenarios/*.json",
                   "entryd check --config my-app.json my-scenario.json"],
        run: Check.run)

    package static let checkConfig = CommandSpec(
        "check-config", summary: "Check config files without starting a daemon.",
        details: "Lists every problem of every file, one per line, as serve would refuse them, and exits 78 "
            + "when there is one (66 when a file cannot be read). An apple-app-site-association or assetlinks.json "
            + "file among them is read as a config's aasa or assetlinks file is, for each app it names.",
        arguments: [ArgumentSpec("FILE", .oneOrMore)],
        examples: ["entryd check-config samples/*.json"],
        run: CheckConfig.run)

    package static let route = CommandSpec(
        "route", summary: "Explain which route a URL or push payload takes, and why.",
        details: "Needs no daemon: it reads --config, else the sample config compiled in, which serve uses without "
            + "--config. It prints each URL looked at (the link, then each redirect's), the universal-link rule or "
            + "scheme that let it in, the pattern that won, the patterns it beat and the precedence that decided "
            + "(literal > typed > :param > *rest), the params and where each came from, and what the router would do. "
            + "For no_route, the nearest patterns and the segment where each stopped. Exits 0 when it routes, 1 "
            + "when the daemon would refuse it.",
        arguments: [ArgumentSpec("URL", .optional)],
        flags: [FlagSpec("payload", "FILE.apns", help: "explain this push payload instead of a URL (- reads standard input)"),
                FlagSpec("fcm", "FILE", help: "explain this FCM message instead of a URL (- reads standard input)"),
                .android, .config, .jsonReport],
        examples: ["entryd route https://materunner.app/r/7",
                   "entryd route --android https://materunner.app/r/7",
                   "entryd route --payload samples/apns/materunner-invitation.apns",
                   "entryd route --fcm samples/apns/materunner-invitation.fcm.json",
                   "entryd route --config samples/shopmate.json shopmate://products/42 --json"],
        run: RouteCommand.run)

    package static let link = CommandSpec(
        "link", summary: "Print a route's URLs, each checked by routing it back.",
        details: "Needs no daemon: it reads --config, else the sample config compiled in. Each of the route's "
            + "patterns is filled in from the params (the ones it does not capture become the query) and routed "
            + "back. Exits 0 when every URL routes back to the route with these params, else 1.",
        arguments: [ArgumentSpec("ROUTE"), ArgumentSpec("KEY=VALUE", .zeroOrMore)],
        flags: [.config, .jsonReport],
        examples: ["entryd link recordDetail id=7", "entryd link invitation sessionId=run-42 inviter=Mina"],
        run: LinkCommand.run)

    package static let demo = CommandSpec(
        "demo", summary: "A cold start, end to end, with a daemon of its own.",
        details: "Two pushes arrive while the app is closed, then a scene signs in, appears and handles both.",
        flags: [FlagSpec("hold", "MS", help: "milliseconds each modal stays on screen (300)")],
        examples: ["entryd demo", "entryd demo --hold 800"],
        run: Demo.run)

    package static let verifyStore = CommandSpec(
        "verify-store", summary: "Check a stopped daemon's store and count what it holds.",
        details: "Runs SQLite's integrity check, then reads every row as a start-up would, and prints the entries "
            + "by state and the number of dedupe keys. Stop the daemon first: a store in use is refused (exit 74).",
        flags: [FlagSpec("store", "FILE", help: "the store (default: $XDG_STATE_HOME/entryd/entryd.sqlite)")],
        examples: ["entryd verify-store", "entryd verify-store --store /var/lib/entryd/entryd.sqlite"],
        run: VerifyStore.run)

    package static let help = CommandSpec(
        "help", summary: "Show a subcommand's flags and examples.",
        details: "`entryd help push` is `entryd push --help`.",
        arguments: [ArgumentSpec("SUBCOMMAND", .optional)],
        examples: ["entryd help push"],
        run: Help.run)

    package static let all = [serve, push, open, openurl, retract, scene, status, watch, check, checkConfig, route, link,
                             demo, verifyStore, help]

    /// The spec named `name`.
    package static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}

extension FlagSpec {
    static let socket = FlagSpec("socket", "PATH", help: "the daemon's socket, or tcp:HOST:PORT for its --listen (default: see entryd --help)")
    static let tokenFile = FlagSpec("token-file", "FILE", help: "the daemon's token, shown over TCP (default: $ENTRYD_TOKEN)")
    static let json = FlagSpec("json", help: "print the daemon's reply as it is")
    static let jsonReport = FlagSpec("json", help: "print one JSON object instead of lines, for scripts")
    static let config = FlagSpec("config", "FILE", help: "the route config (default: the sample compiled in)")
    static let android = FlagSpec("android", help: "read an https link by the Android App Links rules (assetlinks), not iOS's")
    static let id = FlagSpec("id", "ID", help: "the entry's id; the same id again within 24 h is a duplicate")
    static let expiration = FlagSpec("expiration", "EPOCH",
                                     help: "drop it after this time, in epoch seconds; 0 = only if a scene can take it now")
    static let expiresIn = FlagSpec("expires-in", "DURATION", help: "drop it after 1500ms, 30s, 10m, 2h or 1d from now")
}
