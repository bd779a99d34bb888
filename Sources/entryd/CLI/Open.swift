import EntryDaemon

/// `entryd open URL`: a link as the app would receive it.
enum Open {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        do throws(SenderRequestError) {
            return Sender.send(try SenderRequest.open(url: parsed.positionals[0], parsed), parsed)
        } catch {
            printError("entryd open: \(error)")
            return error.exitCode
        }
    }
}
