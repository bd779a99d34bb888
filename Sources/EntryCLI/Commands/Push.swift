import EntryDaemon
import EntryRouter
import Glibc

/// `entryd push [DEVICE] [BUNDLE] FILE.apns|-`: a push payload as `xcrun simctl push` takes it; an
/// FCM message file (`--fcm`, or one holding `{"message": …}`) goes as the request's `fcm`.
enum Push {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let file = parsed.positionals[parsed.positionals.count - 1]
        let bundle = bundleArgument(parsed.positionals)
        do throws(SenderRequestError) {
            let flags = try SenderRequest.push(parsed, now: WallClock.now().milliseconds / 1000)
            let bytes: [UInt8]
            switch FileBytes.read(file) {
            case .success(let read): bytes = read
            case .failure(let problem):
                printError("entryd push: cannot read \(file): \(problem)")
                return 66
            }
            let member = try SenderRequest.pushMember(bytes, file: file == "-" ? "<stdin>" : file, fcm: parsed.has("fcm"), bundle: bundle)
            return Sender.send(flags.request(member), parsed)
        } catch .usage(let message) {
            return Usage.fail(parsed.command, message)
        } catch {
            printError("entryd push: \(error)")
            return error.exitCode
        }
    }

    /// BUNDLE among the words before the file: `DEVICE BUNDLE FILE`, or of two words the one that
    /// reads as a bundle id (it has a dot, as reverse-DNS names do): `BUNDLE FILE` as entryd has
    /// always taken it, while `booted FILE` is simctl's two-argument form, DEVICE FILE.
    static func bundleArgument(_ positionals: [String]) -> String? {
        switch positionals.count {
        case 3: positionals[1]
        case 2 where positionals[0].contains("."): positionals[0]
        default: nil
        }
    }
}
