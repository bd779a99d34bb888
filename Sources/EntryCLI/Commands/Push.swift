import EntryDaemon
import EntryRouter
import Glibc

/// `entryd push [DEVICE] [BUNDLE] FILE.apns|-`: a push payload as `xcrun simctl push` takes it.
enum Push {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let file = parsed.positionals[parsed.positionals.count - 1]
        let bundle = parsed.positionals.count >= 2 ? parsed.positionals[parsed.positionals.count - 2] : nil
        do throws(SenderRequestError) {
            let flags = try SenderRequest.push(parsed, now: WallClock.now().milliseconds / 1000)
            guard let bytes = FileBytes.read(file) else {
                printError("entryd push: cannot read \(file): \(String(cString: strerror(errno)))")
                return 66
            }
            let payload = try SenderRequest.payload(apns: bytes, file: file == "-" ? "<stdin>" : file, bundle: bundle)
            return Sender.send(flags.request(payload: payload), parsed)
        } catch .usage(let message) {
            return Usage.fail(parsed.command, message)
        } catch {
            printError("entryd push: \(error)")
            return error.exitCode
        }
    }
}
