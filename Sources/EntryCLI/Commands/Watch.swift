import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// `entryd watch`: follows entry and scene events until the daemon closes the connection, which
/// is a failure (69): a watcher is only useful while the daemon runs.
enum Watch {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let path = Talk.socketPath(parsed)
        let started = Monotonic.milliseconds()
        do throws(ClientError) {
            let client = try Client(path: path, tokenFile: parsed.value("token-file"))
            try client.send(Talk.line(EntryRequest.watch.json(req: 1)))
            while let line = try client.readLine() {
                if parsed.has("json") {
                    print(String(decoding: TimedLine.stamped(line, at: WallClock.now()), as: UTF8.self))
                } else if let message = try? JSONValue.parse(line[...]) {
                    if message[.ok] == .bool(true) {
                        printError("watching \(path)")
                        continue
                    }
                    print(EventLine.stamp(milliseconds: Monotonic.milliseconds() - started) + " " + EventLine.describe(message))
                }
                Talk.flush()
            }
            printError("entryd watch: the daemon on \(path) closed the connection (it stopped or went away)")
            return 69
        } catch {
            printError("entryd watch: \(error)")
            return Talk.exitCode(error)
        }
    }
}
