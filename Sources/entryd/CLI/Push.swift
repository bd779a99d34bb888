import EntryDaemon
import EntryRouter
import Glibc

/// `entryd push FILE.apns|-`: a push payload as `xcrun simctl push` takes it.
enum Push {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let file = parsed.positionals[0]
        do throws(SenderRequestError) {
            guard case .object(var request) = try SenderRequest.push(parsed) else { return 70 }
            guard let bytes = FileBytes.read(file) else {
                printError("entryd push: cannot read \(file): \(String(cString: strerror(errno)))")
                return 66
            }
            request["payload"] = try SenderRequest.payload(apns: bytes, file: file == "-" ? "<stdin>" : file)
            return Sender.send(.object(request), parsed)
        } catch {
            printError("entryd push: \(error)")
            return error.exitCode
        }
    }
}
