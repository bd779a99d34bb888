import EntryCLI
import EntryDaemon
import EntryRouter
import Glibc

/// The real `entryd serve` on a temporary socket, started and awaited through its readiness datagram.
/// Unless the arguments name one, its store is a file in the same temporary directory, never the
/// user's default store.
final class LiveDaemon {
    let directory = TemporaryDirectory()
    let socket: String
    let notify: NotifySocket
    let process: Spawned
    /// The first datagram the daemon sent: `READY=1` once it serves.
    let readiness: String?

    init(_ arguments: [String] = [], socket: String? = nil) {
        self.socket = socket ?? directory.file("s")
        notify = NotifySocket(path: directory.file("n"))
        let store = arguments.contains("--store") ? [] : ["--store", directory.file("store.sqlite")]
        process = Spawned(Spawned.entryd, ["serve", "--socket", self.socket] + store + arguments,
                          environment: Spawned.environment(["NOTIFY_SOCKET": notify.path]))
        readiness = notify.receive()
    }

    func client() throws -> Client { try Client(path: socket) }

    /// Sends one line and returns the next line, decoded.
    func ask(_ line: String, on client: Client) throws -> [String: String] {
        try client.send(line)
        guard let reply = try client.readLine(timeoutMilliseconds: 5000) else { return [:] }
        return Summary.of(reply)
    }

    /// Stops the daemon with SIGTERM and returns its exit status.
    func stop() -> Int32 {
        process.signal(SIGTERM)
        return process.waitForExit()
    }
}

/// The top-level fields of a reply that tests look at, as text: `ok`, `req`, `error.code`.
enum Summary {
    static func of(_ line: [UInt8]) -> [String: String] {
        guard let value = try? JSONValue.parse(line[...]) else { return ["unparsed": String(decoding: line, as: UTF8.self)] }
        var fields: [String: String] = [:]
        if case .bool(let ok)? = value["ok"] { fields["ok"] = String(ok) }
        if case .number(let req)? = value["req"] { fields["req"] = String(Int(req)) }
        if let code = value["error"]?["code"]?.stringValue { fields["code"] = code }
        return fields
    }
}
