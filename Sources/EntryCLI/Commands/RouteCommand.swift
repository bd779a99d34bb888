import EntryDaemon
import EntryRouter
import Glibc

/// `entryd route URL` and `entryd route --payload FILE.apns`: why an entry routes where it does,
/// from the config alone (`RoutingTable.explain`). Exits 0 when it routes, 1 when it would be refused.
enum RouteCommand {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let url = parsed.positionals.first
        let fcm = parsed.value("fcm")
        let payloadFile = parsed.value("payload") ?? fcm
        let given = [url, parsed.value("payload"), fcm].compactMap { $0 }.count
        guard given == 1 else {
            return Usage.fail(parsed.command, given == 0 ? "give a URL, --payload FILE.apns or --fcm FILE" : "give one of a URL, --payload FILE.apns and --fcm FILE")
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
            let bytes: [UInt8]
            switch FileBytes.read(payloadFile) {
            case .success(let read): bytes = read
            case .failure(let problem):
                printError("entryd route: cannot read \(payloadFile): \(problem)")
                return 66
            }
            do throws(SenderRequestError) {
                let file = payloadFile == "-" ? "<stdin>" : payloadFile
                let member = try SenderRequest.pushMember(bytes, file: file, fcm: fcm != nil)
                if member.key == "fcm" {
                    let message: FCMMessage
                    do throws(FCMMessageError) {
                        message = try FCMMessage(member.value)
                    } catch {
                        throw .badFile(file: file, reason: error.message)
                    }
                    explanation = table.explain(fcm: message)
                } else {
                    // The daemon counts an APNs payload as the sender writes it: compact JSON.
                    var text: [UInt8] = []
                    JSONWriter.append(member.value, to: &text)
                    explanation = table.explain(push: PushPayload(member.value), payloadBytes: text.count)
                }
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
