import EntryCLI
import EntryDaemon
import EntryRouter
import Testing

/// One connection to a live daemon that tells replies from events: a request waits for its own reply
/// and keeps the events that came before it, so a test can await an event in any order it needs.
final class LiveConnection {
    let client: Client
    /// Events read but not yet taken by `event(where:)`, in arrival order.
    private(set) var events: [JSONValue] = []
    private var nextReq = 1

    init(_ daemon: LiveDaemon) throws {
        client = try daemon.client()
    }

    /// A new connection for scene `name` whose home appeared, so that it is ready, and, with
    /// `signedIn`, the sample config's `signedIn` gate open; each op must be answered ok.
    static func readyScene(_ name: String = "main", on daemon: LiveDaemon, signedIn: Bool = true) throws -> LiveConnection {
        let scene = try LiveConnection(daemon)
        var ops = [#""op":"scene.connect","scene":"\#(name)""#, #""op":"scene.appeared","scene":"\#(name)","screen":"home""#]
        if signedIn { ops.append(#""op":"scene.gate","scene":"\#(name)","gate":"signedIn","open":true"#) }
        for op in ops {
            let reply = try scene.request(op)
            try #require(reply.isOK, "\(op): \(reply)")
        }
        return scene
    }

    /// The next line, parsed; nil once the daemon closed the connection.
    func nextLine(timeoutMilliseconds: Int32 = 5000) throws -> JSONValue? {
        guard let line = try client.readLine(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        return try JSONValue.parse(line[...])
    }

    /// Sends `fields` (a JSON object's members without braces, e.g. `"op":"status"`) with a fresh `req`
    /// and returns its reply; events read meanwhile are kept. Throws when the connection closes first.
    @discardableResult
    func request(_ fields: String) throws -> JSONValue {
        let req = nextReq
        nextReq += 1
        try client.send("{\"req\":\(req),\(fields)}")
        return try reply(to: req)
    }

    /// Every pending entry's id, in arrival order, read page by page (`status` with `after`), and the
    /// last page's reply (its counts are complete). Paging that does not move on (an empty page with
    /// a `next`, or a `next` given before) fails rather than loop for ever.
    func allPending() throws -> (ids: [String], last: JSONValue) {
        var ids: [String] = []
        var after = ""
        var cursors: Set<String> = []
        while true {
            let page = try request(#""op":"status","limit":1000"# + after)
            let listed = page["pending"]?.arrayValue.compactMap { $0.text("id") } ?? []
            ids += listed
            guard let next = page.text("next") else { return (ids, page) }
            try #require(!listed.isEmpty && cursors.insert(next).inserted,
                         "status paging does not move on: next \(next) after \(ids.count) entries")
            after = #","after":""# + next + "\""
        }
    }

    /// Reads until the reply to `req` comes, keeping the events read on the way.
    func reply(to req: Int) throws -> JSONValue {
        while let line = try nextLine() {
            if line["event"] != nil {
                events.append(line)
            } else if line["req"] == .number(Double(req)) {
                return line
            }
        }
        throw ClientError.closedWithoutReply(path: client.path)
    }

    /// The first event, kept or still to come, that matches; it is taken out of the kept ones.
    /// Throws on a timeout or when the connection closes without one.
    func event(timeoutMilliseconds: Int32 = 5000, where matches: (JSONValue) -> Bool) throws -> JSONValue {
        if let index = events.firstIndex(where: matches) { return events.remove(at: index) }
        while let line = try nextLine(timeoutMilliseconds: timeoutMilliseconds) {
            if matches(line) { return line }
            if line["event"] != nil { events.append(line) }
        }
        throw ClientError.closedWithoutReply(path: client.path)
    }

    /// The kept events of one kind (`present`, `entry`, ...), taken out of the kept ones.
    func takeEvents(_ kind: String) -> [JSONValue] {
        let taken = events.filter { $0["event"]?.stringValue == kind }
        events.removeAll { $0["event"]?.stringValue == kind }
        return taken
    }
}

extension JSONValue {
    /// The member `key` as text (strings as they are, numbers and booleans spelled as JSON).
    func text(_ key: String) -> String? {
        switch self[key] {
        case .string(let text)?: text
        case .number(let number)?: number == number.rounded() ? String(Int(number)) : String(number)
        case .bool(let flag)?: String(flag)
        default: nil
        }
    }

    /// True for a reply with `ok: true`.
    var isOK: Bool { self["ok"] == .bool(true) }

    /// A failed reply's error code.
    var errorCode: String? { self["error"]?["code"]?.stringValue }

    var arrayValue: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}
