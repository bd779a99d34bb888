import EntryDaemon

/// `entryd open URL` (and `openurl [DEVICE] URL`, simctl's words): a link as the app would receive it.
enum Open {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        do throws(SenderRequestError) {
            let url = parsed.positionals[parsed.positionals.count - 1]
            // simctl's `openurl booted` with the URL forgotten: the one word is the device.
            if parsed.command == "openurl", parsed.positionals.count == 1, !url.contains(":") {
                throw .usage("'\(url)' is a device, not a URL: give the URL after it")
            }
            return Sender.send(try SenderRequest.open(url: url, parsed, now: WallClock.now().milliseconds / 1000), parsed)
        } catch .usage(let message) {
            return Usage.fail(parsed.command, message)
        } catch {
            printError("entryd \(parsed.command): \(error)")
            return error.exitCode
        }
    }
}
