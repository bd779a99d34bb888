import EntryDaemon
import EntryRouter
import Glibc

/// `entryd route URL` and `entryd route --payload FILE.apns`: why an entry routes where it does,
/// from the config alone (`RoutingTable.explain`). Exits 0 when it routes, 1 when it would be refused.
enum RouteCommand {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let url = parsed.positionals.first
        let payloadFile = parsed.value("payload")
        guard (url == nil) != (payloadFile == nil) else {
            return Usage.fail(parsed.command, url == nil ? "give a URL or --payload FILE.apns" : "give a URL or --payload FILE.apns, not both")
        }
        let table: RoutingTable
        switch ReportConfig.load(parsed) {
        case .failed(let exitCode): return exitCode
        case .table(let loaded): table = loaded
        }
        let explanation: RouteExplanation
        if let url {
            explanation = table.explain(url: url, on: parsed.has("android") ? .android : .ios)
        } else if let payloadFile {
            guard let bytes = FileBytes.read(payloadFile) else {
                printError("entryd route: cannot read \(payloadFile): \(String(cString: strerror(errno)))")
                return 66
            }
            do throws(SenderRequestError) {
                let value = try SenderRequest.payload(apns: bytes, file: payloadFile == "-" ? "<stdin>" : payloadFile)
                // The daemon counts the payload as the sender writes it: compact JSON.
                var text: [UInt8] = []
                JSONWriter.append(value, to: &text)
                explanation = table.explain(push: PushPayload(value), payloadBytes: text.count)
            } catch {
                printError("entryd route: \(error)")
                return error.exitCode
            }
        } else {
            return 70
        }
        print(parsed.has("json") ? ReportConfig.line(RouteReport.json(explanation)) : RouteReport.text(explanation))
        if case .success = explanation.result { return 0 }
        return 1
    }
}
