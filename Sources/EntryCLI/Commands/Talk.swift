import EntryDaemon
import EntryRouter
import Glibc

/// What the client subcommands share: finding the socket, asking one question, and
/// turning each failure into its sysexits code with a message that says what to do.
enum Talk {
    static func socketPath(_ parsed: ParsedArguments) -> String {
        SocketPath.resolve(flag: parsed.value("socket"), environment: Environment.current, uid: getuid())
    }

    /// 69 when no daemon answers, 64 for an impossible path, 74 for other I/O.
    static func exitCode(_ error: ClientError) -> Int32 {
        switch error {
        case .noDaemon, .missingDirectory, .directoryClosed, .socketClosed, .closedWithoutReply, .daemonStopped, .timedOut,
             .foreignServer: 69
        case .pathTooLong, .badTCPAddress, .tokenMissing: 64
        case .tokenUnreadable: 66
        case .tokenRefused: 77
        case .io: 74
        }
    }

    /// Sends `request` on a new connection and returns the reply, or prints why not and returns the exit code.
    static func ask(_ request: JSONValue, path: String, tokenFile: String? = nil, command: String) -> Result<(JSONValue, [UInt8]), ExitCode> {
        do throws(ClientError) {
            let client = try Client(path: path, tokenFile: tokenFile)
            try client.send(line(request))
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else {
                throw ClientError.closedWithoutReply(path: path)
            }
            guard let reply = try? JSONValue.parse(line[...]) else {
                printError("entryd \(command): the daemon's reply is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
                return .failure(ExitCode(65))
            }
            return .success((reply, line))
        } catch {
            printError("entryd \(command): \(error.settled())")
            return .failure(ExitCode(exitCode(error)))
        }
    }

    /// A JSON value as one request line (without the newline).
    static func line(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        JSONWriter.append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The running binary, so child daemons are exactly this build.
    static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return String(decoding: buffer[..<max(n, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func flush() { fflush(nil) }
}

/// A process exit status carried through a `Result`.
struct ExitCode: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
