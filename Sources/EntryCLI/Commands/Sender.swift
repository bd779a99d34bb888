import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// What `push`, `open` and `retract` share: send the request, print the entry or the count (or
/// `--json`, the raw reply), exit 0 when it was taken, 65 when the daemon refused it.
enum Sender {
    static func send(_ request: EntryRequest, _ parsed: ParsedArguments) -> Int32 {
        let command = parsed.command
        switch Talk.ask(request.json(req: 1), path: Talk.socketPath(parsed), tokenFile: parsed.value("token-file"), command: command) {
        case .failure(let exit):
            return exit.code
        case .success(let (reply, line)):
            let ok = reply[.ok] == .bool(true)
            // A kind the daemon's config lacks can never match: an error, naming the nearest.
            let unknownKind = ok && reply[.retracted] == .number(0) ? parsed.value("kind").flatMap { Retract.unknownKind($0, parsed) } : nil
            if parsed.has("json") {
                print(String(decoding: line, as: UTF8.self))
            } else if case .number(let count)? = reply[.retracted], ok {
                print("retracted \(Int64(count))" + (count == 0 && unknownKind == nil ? nothingRetracted(parsed) : ""))
            } else if ok {
                print(EventLine.describeEntry(reply))
            }
            if let unknownKind {
                printError("entryd \(command): \(unknownKind)")
                return 65
            }
            guard ok else {
                let code = reply[.error]?[.code]?.stringValue ?? "unknown"
                printError("entryd \(command): \(code): \(reply[.error]?[.message]?.stringValue ?? "")")
                return code == "shutting_down" || code == "too_many_clients" ? 69 : 65
            }
            return 0
        }
    }

    /// Why a `retract` that took nothing is worth a second look: nothing waiting or on screen had
    /// what it named (a misspelt kind, an entry already shown or gone).
    private static func nothingRetracted(_ parsed: ParsedArguments) -> String {
        let named = ["id", "kind", "collapse-id"].first { parsed.value($0) != nil }
            .map { " --\($0) \(parsed.value($0) ?? "")" } ?? ""
        return ": nothing waiting or on screen matches\(named)"
    }
}
