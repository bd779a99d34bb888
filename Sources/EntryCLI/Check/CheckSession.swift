import EntryClient
import EntryRouter
import Glibc

extension CheckRunner {
    /// The running state of one scenario: its daemon, its named connections and its bindings.
    struct Session {
        let daemon: TemporaryDaemon
        var connections: [String: ScenarioConnection] = [:]
        /// The connection `advance` steps are sent on, apart from the named ones a scenario opens.
        var clock: ScenarioConnection?
        var match = SubsetMatch()

        init(daemon: TemporaryDaemon) { self.daemon = daemon }

        /// Performs one step; returns what went wrong, or nil when it passed.
        mutating func perform(_ step: ScenarioStep) -> String? {
            do {
                switch step {
                case .send(let name, let lines, let replies):
                    let connection = try connection(name)
                    try connection.send(lines.map(match.substituting))
                    for pattern in replies {
                        let reply = try connection.nextReply(timeoutMilliseconds: CheckRunner.replyTimeoutMilliseconds)
                        let expected = pattern ?? .object(["ok": .bool(true)])
                        if !match.matches(expected, reply) {
                            return "reply \(CheckRunner.compact(reply)) does not match \(CheckRunner.compact(expected))"
                        }
                    }
                case .expect(let name, let pattern, let timeout, let confirm):
                    let connection = try connection(name)
                    var probe = match
                    guard let matched = try connection.first(within: timeout, where: { probe.matches(pattern, $0) }) else {
                        // The first line says what came instead, whole: a JUnit report's `message` is that line.
                        let seen = connection.unmatched.suffix(5).map(CheckRunner.compact)
                        guard let last = seen.last else { return "nothing came within \(timeout) ms" }
                        let count = connection.unmatched.count
                        let came = count == 1 ? "came instead: \(last)" : "\(count) messages came instead, the last: \(last)"
                        return "nothing matched within \(timeout) ms; \(came)"
                            + seen.dropLast().map { "\n           earlier: " + $0 }.joined()
                    }
                    match = probe
                    if let failure = try Self.confirm(matched, on: connection, confirm: confirm) { return failure }
                case .absent(let name, let pattern, let span):
                    let connection = try connection(name)
                    var probe = match
                    if let found = try connection.first(within: span, where: { probe.matches(pattern, $0) }) {
                        return "unexpected \(CheckRunner.compact(found))"
                    }
                case .disconnect(let name):
                    guard connections.removeValue(forKey: name) != nil else { return "no connection named \(name)" }
                case .discard(let name, let scene):
                    let connection = try connection(name)
                    try connection.send([EntryRequest.scene(scene, .discarded).json(req: nil)])
                    let reply = try connection.nextReply(timeoutMilliseconds: CheckRunner.replyTimeoutMilliseconds)
                    guard reply[.ok] == .bool(true) else { return "scene.discarded for \(scene): \(CheckRunner.compact(reply))" }
                case .restart:
                    connections.removeAll()
                    clock = nil
                    daemon.kill9()
                    try daemon.start()
                case .wait(let span):
                    var pause = timespec(tv_sec: span / 1000, tv_nsec: (span % 1000) * 1_000_000)
                    var left = timespec()
                    while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
                case .advance(let span):
                    let connection = try clock ?? ScenarioConnection(path: daemon.socketPath)
                    clock = connection
                    guard let clockSpan = ClockSpan(span) else { return "advance \(span): not a span (a whole number and ms, s, m, h or d)" }
                    try connection.send([EntryRequest.advance(by: clockSpan).json(req: nil)])
                    let reply = try connection.nextReply(timeoutMilliseconds: CheckRunner.replyTimeoutMilliseconds)
                    guard reply[.ok] == .bool(true) else { return "advance \(span): \(CheckRunner.compact(reply))" }
                case .note:
                    break
                }
            } catch {
                return "\((error as? ClientError)?.settled() ?? error)"
            }
            return nil
        }

        /// Confirms a matched step event as the app acting on it would: `scene.handled` for its scene
        /// and `step`, awaiting `ok`. A step event carries a `step` only to a scene that connected with
        /// `confirms`; `confirm` false leaves it unconfirmed (the app died before it acted), and true
        /// requires a `step`. Returns what went wrong, or nil.
        private static func confirm(_ event: JSONValue, on connection: ScenarioConnection, confirm: Bool?) throws(ClientError) -> String? {
            guard confirm != false else { return nil }
            guard let step = event[.step]?.stringValue, let scene = event[.scene]?.stringValue else {
                return confirm == true ? "\(CheckRunner.compact(event)) has no step to confirm (its scene did not connect with \"confirms\": true)" : nil
            }
            try connection.send([EntryRequest.scene(scene, .handled(step: step)).json(req: nil)])
            let reply = try connection.nextReply(timeoutMilliseconds: CheckRunner.replyTimeoutMilliseconds)
            guard reply[.ok] == .bool(true) else { return "scene.handled for step \(step): \(CheckRunner.compact(reply))" }
            return nil
        }

        /// The named connection, opened on first use.
        private mutating func connection(_ name: String) throws(ClientError) -> ScenarioConnection {
            if let existing = connections[name] { return existing }
            let opened = try ScenarioConnection(path: daemon.socketPath)
            connections[name] = opened
            return opened
        }

        mutating func close() {
            connections.removeAll()
            clock = nil
        }
    }
}
