import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// What `push`, `open` and `retract` share: send the request, print the entry or the count (or
/// `--json`, the raw reply), exit 0 when it was taken, 65 when the daemon refused it.
enum Sender {
    static func send(_ request: EntryRequest, _ parsed: ParsedArguments) -> Int32 {
        let command = parsed.command
        switch Talk.ask(request.json(req: 1), path: Talk.socketPath(parsed), command: command) {
        case .failure(let exit):
            return exit.code
        case .success(let (reply, line)):
            let ok = reply["ok"] == .bool(true)
            if parsed.has("json") {
                print(String(decoding: line, as: UTF8.self))
            } else if case .number(let count)? = reply["retracted"], ok {
                print("retracted \(Int64(count))")
            } else if ok {
                print(EventLine.describeEntry(reply))
            }
            guard ok else {
                let code = reply["error"]?["code"]?.stringValue ?? "unknown"
                printError("entryd \(command): \(code): \(reply["error"]?["message"]?.stringValue ?? "")")
                return code == "shutting_down" || code == "too_many_clients" ? 69 : 65
            }
            return 0
        }
    }
}
