import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// `entryd status [--json] [--limit N] [--after CURSOR]`: ask the daemon for a page of its `status`
/// and print it; the table ends with the command for the next page when more entries pend.
enum Status {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let path = SocketPath.resolve(flag: parsed.value("socket"), environment: Environment.current, uid: getuid())
        let line: [UInt8]
        do throws(ClientError) {
            let client = try Client(path: path, tokenFile: parsed.value("token-file"))
            try client.send(bytes: EntryRequest.status(limit: parsed.value("limit").flatMap { Int($0) },
                                                after: parsed.value("after")).line(req: 1))
            guard let reply = try client.readLine(timeoutMilliseconds: 10_000) else {
                throw ClientError.closedWithoutReply(path: path)
            }
            line = reply
        } catch {
            printError("entryd status: \(error.settled())")
            return Talk.exitCode(error)
        }
        guard let reply = try? JSONValue.parse(line[...]) else {
            printError("entryd status: the daemon's reply is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
            return 65
        }
        guard case .bool(true)? = reply["ok"] else {
            let code = reply["error"]?["code"]?.stringValue ?? "unknown"
            let message = reply["error"]?["message"]?.stringValue ?? ""
            printError("entryd status: the daemon refused: \(code): \(message)")
            return code == "shutting_down" ? 69 : 65
        }
        if parsed.has("json") {
            print(String(decoding: line, as: UTF8.self))
        } else {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            print(StatusTable.render(reply, now: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))
        }
        return 0
    }
}
