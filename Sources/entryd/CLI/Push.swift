import EntryDaemon
import EntryRouter
import Glibc

/// `entryd push FILE.apns|-`: a push payload as `xcrun simctl push` takes it.
enum Push {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let file = parsed.positionals[0]
        guard let bytes = Talk.readFile(file) else {
            printError("entryd push: cannot read \(file): \(String(cString: strerror(errno)))")
            return 66
        }
        do throws(SenderRequestError) {
            return Sender.send(try SenderRequest.push(apns: bytes, file: file == "-" ? "<stdin>" : file, parsed), parsed)
        } catch {
            printError("entryd push: \(error)")
            return error.exitCode
        }
    }
}
