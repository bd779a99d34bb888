import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// `entryd status [--json] [--limit N] [--after CURSOR]`: ask the daemon for a page of its `status`
/// and print it; the table ends with the command for the next page when more entries pend, with
/// the `--limit`, `--socket` and `--token-file` this one was given.
enum Status {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let request = EntryRequest.status(limit: parsed.value("limit").flatMap { Int($0) }, after: parsed.value("after"))
        let reply: JSONValue
        let line: [UInt8]
        switch Talk.ask(request.json(req: 1), path: Talk.socketPath(parsed), tokenFile: parsed.value("token-file"),
                        command: "status") {
        case .failure(let exit): return exit.code
        case .success(let answer): (reply, line) = answer
        }
        guard case .bool(true)? = reply[.ok] else {
            let code = reply[.error]?[.code]?.stringValue ?? "unknown"
            let message = reply[.error]?[.message]?.stringValue ?? ""
            printError("entryd status: the daemon refused: \(code): \(message)")
            return code == "shutting_down" ? 69 : 65
        }
        if parsed.has("json") {
            print(String(decoding: line, as: UTF8.self))
        } else {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            // The next page's command is this one's: the same daemon, token and page size.
            let repeated = ["limit", "socket", "token-file"].flatMap { flag in parsed.value(flag).map { ["--" + flag, $0] } ?? [] }
            print(StatusTable.render(reply, now: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9, repeating: repeated))
        }
        return 0
    }
}
