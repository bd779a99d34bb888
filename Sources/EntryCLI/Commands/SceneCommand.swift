import EntryDaemon
import EntryRouter
import Glibc

/// `entryd scene`: plays a UI scene against the daemon with one `poll` over the socket, standard
/// input and the signal pipe. Events and the requests it sends are printed with relative times.
enum SceneCommand {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        var launchPush: JSONValue?
        if let file = parsed.value("launch-push") {
            let bytes: [UInt8]
            switch FileBytes.read(file) {
            case .success(let read): bytes = read
            case .failure(let problem):
                printError("entryd scene: cannot read \(file): \(problem)")
                return 66
            }
            do throws(SenderRequestError) {
                launchPush = try SenderRequest.payload(apns: bytes, file: file)
            } catch {
                printError("entryd scene: \(error)")
                return error.exitCode
            }
        }
        let options: SceneOptions
        do throws(UsageError) {
            options = try SceneOptions(parsed, launchPush: launchPush)
        } catch {
            return Usage.fail(parsed.command, error.message)
        }
        let path = Talk.socketPath(parsed)
        let client: Client
        do throws(ClientError) {
            client = try Client(path: path, tokenFile: parsed.value("token-file"))
        } catch {
            printError("entryd scene: \(error)")
            return Talk.exitCode(error)
        }
        let interactive = isatty(0) == 1
        var session = SceneSession(client: client, player: ScenePlayer(options), json: parsed.has("json"),
                                   readsStdin: options.auto == nil || interactive)
        if interactive { printError("scene \(options.name): \(ScenePlayer.help)") }
        return session.run()
    }
}

/// The running scene: its connection, its player, and the loop that feeds one with the other.
struct SceneSession {
    let client: Client
    var player: ScenePlayer
    let json: Bool
    var readsStdin: Bool
    /// Printed before each line's direction (`demo` names its scene).
    let label: String
    private let started: Int64
    private var input: [UInt8] = []

    init(client: Client, player: ScenePlayer, json: Bool, readsStdin: Bool, label: String = "",
         started: Int64 = Monotonic.milliseconds()) {
        self.client = client
        self.player = player
        self.json = json
        self.readsStdin = readsStdin
        self.label = label
        self.started = started
    }

    mutating func run() -> Int32 {
        let signals = SignalPipe.install()
        do throws(ClientError) {
            try send(player.start(now: now))
            while !player.finished {
                try send(player.tick(now: now))
                let timeout = player.deadline.map { Int32(max(0, $0 - now)) } ?? -1
                var fds = [pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: readsStdin ? 0 : -1, events: Int16(POLLIN), revents: 0)]
                if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
                    printError("entryd scene: poll failed: \(String(cString: strerror(errno)))")
                    return 74
                }
                if fds[1].revents != 0 { return 0 }
                if fds[0].revents != 0 {
                    guard try client.receiveAvailable() else { return closed() }
                    while let line = client.bufferedLine() { try received(line) }
                }
                if fds[2].revents != 0 { try readCommands() }
            }
            return 0
        } catch .closedWithoutReply {
            return closed()
        } catch {
            printError("entryd scene: \(error)")
            return Talk.exitCode(error)
        }
    }

    private var now: Int64 { Monotonic.milliseconds() - started }

    /// The daemon went away: a scene cannot go on without it, whether or not it had a `--count` to reach.
    private func closed() -> Int32 {
        printError("entryd scene: the daemon on \(client.path) closed the connection (it stopped or went away)")
        return 69
    }

    private mutating func received(_ line: [UInt8]) throws(ClientError) {
        guard let message = try? JSONValue.parse(line[...]) else { return }
        if json {
            print(String(decoding: line, as: UTF8.self))
        } else if message[.event] != nil || message[.ok] == .bool(false) || message[.ready] == .bool(false) {
            print(EventLine.stamp(milliseconds: now) + label + " < " + EventLine.describe(message))
        }
        Talk.flush()
        try send(player.receive(message, now: now))
    }

    private mutating func readCommands() throws(ClientError) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n <= 0 {
            readsStdin = false
            if player.options.auto == nil { _ = player.command("quit") }
            return
        }
        input += chunk[..<n]
        while let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: input[..<newline], as: UTF8.self)
            input.removeFirst(newline + 1)
            if line.trimmingPrefix(" ").hasPrefix("help") {
                printError(ScenePlayer.help)
                continue
            }
            switch player.command(line) {
            case .success(let requests): try send(requests)
            case .failure(let error): printError(error.message)
            }
        }
    }

    private func send(_ requests: [JSONValue]) throws(ClientError) {
        guard !requests.isEmpty else { return }
        for request in requests where !json && request[RequestFields.Field.op.rawValue] != .string(OpName.status.rawValue) {
            print(EventLine.stamp(milliseconds: now) + label + " > " + EventLine.describeRequest(request))
        }
        Talk.flush()
        try client.send(requests.map(Talk.line).joined(separator: "\n"))
    }
}
