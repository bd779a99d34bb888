import EntryDaemon
import Glibc

/// `entryd serve`: run the daemon in the foreground until SIGTERM or SIGINT.
enum Serve {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let options: ServeOptions
        do {
            options = try ServeOptions(parsed)
        } catch {
            return Usage.fail(parsed.command, error.message)
        }
        do {
            let daemon = try Daemon(options: options, environment: Environment.current)
            return try daemon.run()
        } catch {
            // A daemon that never served is a person's problem (a typo in the config, a path in use),
            // not a log event: plain lines, one problem each, whatever --log-format says.
            printError("entryd serve: cannot start: \(error)")
            return error.exitCode
        }
    }
}
