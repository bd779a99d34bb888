import EntryDaemon

/// `entryd retract --id ID | --kind KIND | --collapse-id ID`: withdraws what is waiting (and a
/// modal on screen) the way a server withdraws a stale notice.
enum Retract {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        do throws(SenderRequestError) {
            return Sender.send(try SenderRequest.retract(parsed), parsed)
        } catch .usage(let message) {
            return Usage.fail(parsed.command, message)
        } catch {
            printError("entryd retract: \(error)")
            return error.exitCode
        }
    }
}
