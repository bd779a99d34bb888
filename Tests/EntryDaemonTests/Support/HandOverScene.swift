import EntryCLI
import EntryDaemon
import EntryRouter

/// What scenes received across the rounds of a hand-over test: every show by entry, every modal
/// presented, and the modals whose `scene.presented` was answered ok (consumed: never again).
struct HandOverLedger {
    var shows: [String: Int] = [:]
    var showEvents = 0
    var presented: Set<String> = []
    var consumed: Set<String> = []
    /// Consumed modals that were presented again: what must never happen (R1, R16).
    var presentedAgain: Set<String> = []
}

/// A scene on a live daemon taking a hand-over as an app would: it notes every show, acknowledges
/// each present (`scene.presented`, then `scene.dismissed`) without waiting for the reply, and reads
/// only whole lines, so a line cut by a kill counts as not received.
final class HandOverScene {
    let client: Client
    private var nextReq = 1
    /// The scene's requests not answered yet: which op, for which entry and modal.
    private var awaiting: [Int: (op: String, entry: String, modal: String)] = [:]

    /// Connects scene `main` and makes its home appear, without reading the replies.
    init(_ daemon: LiveDaemon) throws {
        client = try daemon.client()
        send(#""op":"scene.connect","scene":"main""#)
        send(#""op":"scene.appeared","scene":"main","screen":"home""#)
    }

    /// Whether an acknowledgement is still unanswered.
    var isAcknowledging: Bool { !awaiting.isEmpty }

    @discardableResult
    private func send(_ fields: String) -> Int {
        let req = nextReq
        nextReq += 1
        // A send to a daemon just killed fails; what the scene reads next tells the test all it needs.
        try? client.send("{\"req\":\(req),\(fields)}")
        return req
    }

    /// Handles one line: a show is noted, a present acknowledged, an answered acknowledgement followed up.
    func take(_ line: JSONValue, into ledger: inout HandOverLedger) {
        switch line.text("event") {
        case "show"?:
            ledger.showEvents += 1
            ledger.shows[line.text("entry") ?? "", default: 0] += 1
        case "present"?:
            let entry = line.text("entry") ?? "", modal = line.text("modal") ?? ""
            if ledger.consumed.contains(entry) { ledger.presentedAgain.insert(entry) }
            ledger.presented.insert(entry)
            let req = send(#""op":"scene.presented","scene":"main","modal":"\#(modal)""#)
            awaiting[req] = ("presented", entry, modal)
        default:
            guard let req = line.text("req").flatMap(Int.init), let asked = awaiting.removeValue(forKey: req) else { return }
            if asked.op == "presented" && line.isOK {
                ledger.consumed.insert(asked.entry)
                let next = send(#""op":"scene.dismissed","scene":"main","modal":"\#(asked.modal)""#)
                awaiting[next] = ("dismissed", asked.entry, asked.modal)
            }
        }
    }

    /// Reads and handles lines until `done` holds; false if the daemon closed the connection first.
    /// Throws when no line comes for five seconds.
    func read(into ledger: inout HandOverLedger, until done: (HandOverLedger) -> Bool) throws -> Bool {
        while !done(ledger) {
            guard let line = try client.readLine(timeoutMilliseconds: 5000) else { return false }
            take(try JSONValue.parse(line[...]), into: &ledger)
        }
        return true
    }

    /// Reads and handles the next line if one comes within `timeoutMilliseconds`; false once the
    /// daemon closed the connection.
    func takeNext(into ledger: inout HandOverLedger, timeoutMilliseconds: Int32) throws -> Bool {
        let line: [UInt8]?
        do {
            line = try client.readLine(timeoutMilliseconds: timeoutMilliseconds)
        } catch .timedOut {
            return true
        }
        guard let line else { return false }
        take(try JSONValue.parse(line[...]), into: &ledger)
        return true
    }

    /// Asks for the status on the scene's own connection and handles every line up to its reply, which
    /// it returns: whatever was written to the scene before the answer has then been read.
    func catchUp(into ledger: inout HandOverLedger) throws -> JSONValue {
        let req = send(#""op":"status""#)
        while let line = try client.readLine(timeoutMilliseconds: 5000) {
            let parsed = try JSONValue.parse(line[...])
            if parsed["event"] == nil && parsed.text("req") == String(req) { return parsed }
            take(parsed, into: &ledger)
        }
        throw ClientError.closedWithoutReply(path: client.path)
    }

    /// Reads whatever reached the socket, up to the end of the stream (the daemon was killed).
    func readToEnd(into ledger: inout HandOverLedger) throws {
        while let line = try client.readLine(timeoutMilliseconds: 5000) {
            take(try JSONValue.parse(line[...]), into: &ledger)
        }
    }
}

/// Sends `lines` (whole requests) pipelined, a slice at a time, and returns the ids their ok replies
/// acknowledged.
func pushPipelined(_ lines: [String], to daemon: LiveDaemon) throws -> [String] {
    let client = try daemon.client()
    var acknowledged: [String] = []
    var start = 0
    while start < lines.count {
        let slice = lines[start..<min(start + 250, lines.count)]
        try client.send(slice.joined(separator: "\n"))
        for _ in slice {
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return acknowledged }
            let reply = try JSONValue.parse(line[...])
            if reply.isOK, let id = reply.text("id") { acknowledged.append(id) }
        }
        start += slice.count
    }
    return acknowledged
}

/// A config for hand-over tests: `item` (`crash://item/<int:id>`, a show on the `list` tab) and
/// `kinds` modal routes `m0` … (`crash://modal/N`), each of its own kind, so none replaces another (R6).
func handOverConfig(kinds: Int) -> String {
    let modals = (0..<kinds).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let routes = (0..<kinds).map { #"{"name": "m\#($0)", "match": ["crash://modal/\#($0)"], "modal": "k\#($0)"}"# }
    return #"""
    {"bundleId": "com.example.crash", "schemes": ["crash"], "home": "home", "tabs": ["home", "list"],
     "modals": {\#(modals)},
     "routes": [{"name": "item", "match": ["crash://item/<int:id>"], "show": "list"}\#(routes.isEmpty ? "" : ", ")\#(routes.joined(separator: ", "))]}
    """#
}
