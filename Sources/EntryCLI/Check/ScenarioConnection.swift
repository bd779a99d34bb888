import EntryDaemon
import EntryRouter

/// One named connection of a scenario: a client and the messages read but not yet matched.
///
/// Messages are kept until a step consumes them, so an `expect` finds its event whether it arrived
/// before or after other events of the same turn.
final class ScenarioConnection {
    let client: Client
    private(set) var unmatched: [JSONValue] = []

    init(path: String) throws(ClientError) {
        client = try Client(path: path)
    }

    /// Writes the lines in one write, so the daemon reads them in one loop turn.
    func send(_ lines: [JSONValue]) throws(ClientError) {
        var bytes: [UInt8] = []
        for line in lines {
            JSONWriter.append(line, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        try client.send(bytes: bytes)
    }

    /// The next reply (a message with `ok`), keeping events that come before it.
    func nextReply(timeoutMilliseconds: Int) throws(ClientError) -> JSONValue {
        let deadline = Monotonic.milliseconds() + Int64(timeoutMilliseconds)
        while true {
            let message = try read(until: deadline)
            if message[.ok] != nil { return message }
            unmatched.append(message)
        }
    }

    /// The first message, already read or arriving before the deadline, for which `accept` is true.
    /// Returns nil when the time runs out; the non-matching messages stay for later steps.
    func first(within milliseconds: Int, where accept: (JSONValue) -> Bool) throws(ClientError) -> JSONValue? {
        if let index = unmatched.firstIndex(where: accept) { return unmatched.remove(at: index) }
        let deadline = Monotonic.milliseconds() + Int64(milliseconds)
        while true {
            let message: JSONValue
            do {
                message = try read(until: deadline)
            } catch .timedOut {
                return nil
            }
            if accept(message) { return message }
            unmatched.append(message)
        }
    }

    private func read(until deadline: Int64) throws(ClientError) -> JSONValue {
        let remaining = max(0, deadline - Monotonic.milliseconds())
        guard remaining > 0 else { throw .timedOut(path: client.path) }
        guard let line = try client.readLine(timeoutMilliseconds: Int32(remaining)) else {
            throw .closedWithoutReply(path: client.path)
        }
        return (try? JSONValue.parse(line[...])) ?? .string(String(decoding: line, as: UTF8.self))
    }
}
