import EntryCLI
import EntryDaemon
import Testing

/// The command-line parser, one row per case: arguments in, parsed command or usage error out.
struct ArgumentsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: Result<ParsedArguments, UsageError>
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["status"], expected: .success(ParsedArguments(command: "status"))),
        Case(arguments: ["status", "--json"], expected: .success(ParsedArguments(command: "status", flags: ["json": [""]]))),
        Case(arguments: ["serve", "--socket", "/tmp/s", "--max-frame=100"],
             expected: .success(ParsedArguments(command: "serve", flags: ["socket": ["/tmp/s"], "max-frame": ["100"]]))),
        Case(arguments: ["serve", "--allow-uid", "1", "--allow-uid", "2"],
             expected: .success(ParsedArguments(command: "serve", flags: ["allow-uid": ["1", "2"]]))),
        Case(arguments: ["serve", "--help"], expected: .success(ParsedArguments(command: "serve", flags: ["help": [""]]))),
        Case(arguments: [], expected: .failure(UsageError(
            "missing subcommand; one of: serve, push, open, openurl, retract, scene, status, watch, check, check-config, route, link, demo, verify-store, help"))),
        Case(arguments: ["serv"], expected: .failure(UsageError("unknown subcommand 'serv'; did you mean 'serve'?"))),
        Case(arguments: ["launch"], expected: .failure(UsageError("unknown subcommand 'launch'"))),
        Case(arguments: ["serve", "--sokcet", "x"],
             expected: .failure(UsageError("unknown flag '--sokcet' for 'serve'; did you mean '--socket'?", command: "serve"))),
        Case(arguments: ["serve", "--max"], expected: .failure(UsageError("unknown flag '--max' for 'serve'; did you mean '--max-frame'?", command: "serve"))),
        Case(arguments: ["serve", "--verbose"], expected: .failure(UsageError("unknown flag '--verbose' for 'serve'", command: "serve"))),
        Case(arguments: ["serve", "-v"], expected: .failure(UsageError("unknown flag '-v' for 'serve' (flags are spelled --name)", command: "serve"))),
        Case(arguments: ["serve", "--socket"], expected: .failure(UsageError("--socket needs a value (--socket PATH)", command: "serve"))),
        Case(arguments: ["serve", "--socket", "a", "--socket", "b"], expected: .failure(UsageError("--socket given more than once", command: "serve"))),
        Case(arguments: ["status", "--json=yes"], expected: .failure(UsageError("--json takes no value", command: "status"))),
        Case(arguments: ["status", "extra"], expected: .failure(UsageError("'status' takes no arguments, got 1", command: "status"))),
        Case(arguments: ["open"], expected: .failure(UsageError("'open' takes 1 argument (URL), got 0", command: "open"))),
        Case(arguments: ["push", "a", "b", "c", "d"],
             expected: .failure(UsageError("'push' takes 1 to 3 arguments ([DEVICE] [BUNDLE] FILE.apns|-), got 4", command: "push"))),
        Case(arguments: ["check"],
             expected: .failure(UsageError("'check' takes 1 or more arguments (SCENARIO.json...), got 0", command: "check"))),
        Case(arguments: ["open", ""], expected: .success(ParsedArguments(command: "open", positionals: [""]))),
    ]

    @Test(arguments: cases) func parses(_ row: Case) {
        #expect(parseArguments(row.arguments, commands: Commands.all) == row.expected)
    }

    @Test func doubleDashEndsFlagsAndDashIsPositional() {
        let spec = CommandSpec("push", summary: "", arguments: [ArgumentSpec("A", .optional), ArgumentSpec("B", .optional)],
                               flags: [FlagSpec("id", "ID", help: "")], run: { _ in 0 })
        let parsed = parseArguments(["push", "-", "--", "--id"], commands: [spec])
        #expect(parsed == .success(ParsedArguments(command: "push", positionals: ["-", "--id"])))
    }

    struct OptionCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var error: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let optionCases: [OptionCase] = [
        OptionCase(arguments: ["--max-frame", "0"], error: "--max-frame expects a positive integer, got '0'"),
        OptionCase(arguments: ["--max-clients", "many"], error: "--max-clients expects a positive integer, got 'many'"),
        OptionCase(arguments: ["--allow-uid", "root"], error: "--allow-uid expects a numeric uid, got 'root'"),
        OptionCase(arguments: ["--stall-timeout", "-1"], error: "--stall-timeout expects a positive number of seconds, got '-1'"),
        OptionCase(arguments: ["--log-level", "loud"], error: "--log-level expects one of debug, info, warn, error, got 'loud'"),
        OptionCase(arguments: ["--log-format", "xml"], error: "--log-format expects logfmt or json, got 'xml'"),
        OptionCase(arguments: ["--stall-timeout", "0.25", "--max-output", "2048", "--allow-uid", "65534"], error: nil),
    ]

    @Test(arguments: optionCases) func serveOptionsNameTheBadFlag(_ row: OptionCase) throws {
        let parsed = try parseArguments(["serve"] + row.arguments, commands: Commands.all).get()
        if let message = row.error {
            #expect(throws: UsageError(message)) { _ = try ServeOptions(parsed) }
        } else {
            _ = try ServeOptions(parsed)
        }
    }

    @Test func serveOptionsDefaultsAndValues() throws {
        let defaults = try ServeOptions(parseArguments(["serve"], commands: Commands.all).get())
        #expect(defaults.connection == ConnectionLimits(maxFrame: 65536, maxOutput: 1 << 20, stallTimeoutMilliseconds: 10_000))
        #expect(defaults.maxClients == 1024)
        #expect(defaults.router.maxPending == 100_000)
        #expect(defaults.router.maxScenesPerConnection == 64)
        #expect(defaults.router.dedupeWindowMilliseconds == 24 * 3_600_000)
        #expect(defaults.router.maxDedupeKeys == 1_000_000)
        let set = try ServeOptions(parseArguments(["serve", "--stall-timeout", "0.25", "--max-output", "2048",
                                                   "--allow-uid", "7", "--max-pending", "5", "--max-payload", "8192",
                                                   "--max-url", "4096", "--max-collapse-id", "32", "--max-scenes", "3",
                                                   "--dedupe-window", "30m", "--max-dedupe-keys", "500"], commands: Commands.all).get())
        #expect(set.connection.stallTimeoutMilliseconds == 250)
        #expect(set.connection.maxOutput == 2048)
        #expect(set.allowedUIDs == [7])
        #expect(set.router.maxPending == 5)
        #expect(set.router.maxPayloadBytes == 8192)
        #expect(set.router.maxURLBytes == 4096)
        #expect(set.router.maxCollapseIdBytes == 32)
        #expect(set.router.maxScenesPerConnection == 3)
        #expect(set.router.dedupeWindowMilliseconds == 30 * 60_000)
        #expect(set.router.maxDedupeKeys == 500)
        for bad in ["0s", "24", "1w", "-5m"] {
            #expect(throws: UsageError.self) {
                try ServeOptions(parseArguments(["serve", "--dedupe-window", bad], commands: Commands.all).get())
            }
        }
    }
}
