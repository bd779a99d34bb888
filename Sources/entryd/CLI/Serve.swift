import EntryDaemon
import Glibc

/// `entryd serve`: run the daemon in the foreground until SIGTERM or SIGINT.
enum Serve {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let options: ServeOptions
        do {
            options = try ServeOptions(parsed)
        } catch {
            printError("entryd serve: \(error)")
            return 64
        }
        do {
            let daemon = try Daemon(options: options, environment: Environment.current)
            return try daemon.run()
        } catch {
            Log(level: options.logLevel, format: options.logFormat).error("cannot serve: \(error)")
            return error.exitCode
        }
    }
}
