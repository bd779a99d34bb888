import EntryRouter

extension Scenario {
    /// Milliseconds an `expect` waits when the step gives no `timeout`.
    package static let defaultTimeoutMilliseconds = 2000

    /// Reads a scenario from the bytes of `file`.
    package static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do {
            root = try JSONValue.parse(ByteOrderMark.stripped(bytes))
        } catch {
            throw ScenarioError(file: file, step: nil, message: "not valid JSON: \(error)")
        }
        guard case .object(let members) = root else { throw ScenarioError(file: file, step: nil, message: "expected a JSON object") }
        for key in members.keys.sorted() where !ScenarioVocabulary.fileKeys.contains(key) {
            throw ScenarioError(file: file, step: nil, message: unknownKey(key, among: ScenarioVocabulary.fileKeys, of: "a scenario file"))
        }
        guard case .array(let rawSteps)? = root["steps"] else {
            throw ScenarioError(file: file, step: nil, message: "`steps` must be an array")
        }
        for key in ["name", "config"] where root[key] != nil && root[key]?.stringValue == nil {
            throw ScenarioError(file: file, step: nil, message: "`\(key)` must be a string")
        }
        var steps: [ScenarioStep] = []
        for (index, raw) in rawSteps.enumerated() {
            do {
                steps.append(try step(raw))
            } catch {
                throw ScenarioError(file: file, step: index + 1, message: error.message)
            }
        }
        return Scenario(file: file, name: root["name"]?.stringValue ?? file, config: root["config"]?.stringValue, steps: steps)
    }

    private struct StepError: Error { var message: String }

    private static func step(_ raw: JSONValue) throws(StepError) -> ScenarioStep {
        guard case .object(let members) = raw else { throw StepError(message: "a step must be an object") }
        let action = try checkKeys(members)
        let connection = raw["as"]?.stringValue ?? "server"
        switch action {
        case "send":
            let send = members["send"]!
            let lines: [JSONValue]
            if case .array(let many) = send { lines = many } else { lines = [send] }
            guard !lines.isEmpty, lines.allSatisfy({ if case .object = $0 { true } else { false } }) else {
                throw StepError(message: "`send` must be a request object or a non-empty array of them")
            }
            var replies = [JSONValue?](repeating: nil, count: lines.count)
            switch raw["reply"] {
            case nil: break
            case .array(let patterns)?:
                guard patterns.count == lines.count else {
                    throw StepError(message: "`reply` has \(patterns.count) patterns for \(lines.count) requests")
                }
                replies = patterns
            case let pattern?:
                replies = [JSONValue?](repeating: pattern, count: lines.count)
            }
            for (line, reply) in zip(lines, replies) {
                if let op = ScenarioVocabulary.unknownOp(line), reply?[.error]?[.code] != .string(ErrorCode.unknownOp.rawValue) {
                    let hint = line[RequestFields.Field.op.rawValue]?.stringValue.flatMap { NearestName.suggestion(for: $0, among: ScenarioVocabulary.ops) }
                    throw StepError(message: "unknown op \"\(op)\"" + (hint.map { "; did you mean \"\($0)\"?" } ?? "")
                                    + " (to test unknown_op on purpose, expect it in `reply`)")
                }
                if let stray = ScenarioVocabulary.strayField(line), reply?[.error]?[.code] != .string(ErrorCode.badRequest.rawValue) {
                    throw StepError(message: "`send`: \(stray) (to test bad_request on purpose, expect it in `reply`)")
                }
            }
            return .send(as: connection, lines: lines, replies: replies)
        case "expect":
            let pattern = members["expect"]!
            try checkEvent(pattern)
            var confirm: Bool?
            if let value = raw["confirm"] {
                guard case .bool(let flag) = value else { throw StepError(message: "`confirm` must be true or false") }
                confirm = flag
            }
            return .expect(as: connection, pattern: pattern,
                           timeoutMilliseconds: try milliseconds(raw, "timeout") ?? defaultTimeoutMilliseconds, confirm: confirm)
        case "absent":
            let pattern = members["absent"]!
            try checkEvent(pattern)
            guard let span = try milliseconds(raw, "for") else { throw StepError(message: "`absent` needs `for` (milliseconds)") }
            return .absent(as: connection, pattern: pattern, forMilliseconds: span)
        case "disconnect":
            guard let name = members["disconnect"]!.stringValue else { throw StepError(message: "`disconnect` must name a connection") }
            return .disconnect(as: name)
        case "discard":
            guard let scene = members["discard"]!.stringValue, !scene.isEmpty else {
                throw StepError(message: "`discard` must name a scene")
            }
            return .discard(as: connection, scene: scene)
        case "restart":
            guard members["restart"] == .bool(true) else { throw StepError(message: "`restart` must be true") }
            return .restart
        case "wait":
            return .wait(milliseconds: try milliseconds(raw, "wait")!)
        case "advance":
            guard let span = members["advance"]!.stringValue, ClockAdvance.milliseconds(span) != nil else {
                throw StepError(message: "`advance` must be a span such as \"1500ms\", \"90s\", \"10m\", \"25h\" or \"2d\"")
            }
            return .advance(span: span)
        default:
            guard let note = members["note"]!.stringValue else { throw StepError(message: "`note` must be a string") }
            return .note(note)
        }
    }

    /// "unknown key" with the nearest of `known`, else all of them.
    static func unknownKey(_ key: String, among known: [String], of what: String) -> String {
        let hint = NearestName.suggestion(for: key, among: known).map { "; did you mean \"\($0)\"?" }
        return "unknown key \"\(key)\"" + (hint ?? "; the keys of \(what) are " + known.joined(separator: ", "))
    }

    /// The step's one action, after refusing unknown keys, a second action and keys that do not go
    /// with it.
    private static func checkKeys(_ members: [String: JSONValue]) throws(StepError) -> String {
        for key in members.keys.sorted() where !ScenarioVocabulary.keys.contains(key) {
            throw StepError(message: unknownKey(key, among: ScenarioVocabulary.keys, of: "a step"))
        }
        let actions = ScenarioVocabulary.actions.filter { members[$0] != nil }
        guard actions.count == 1, let action = actions.first else {
            let found = actions.isEmpty ? "none" : actions.joined(separator: " and ")
            throw StepError(message: "a step has exactly one of \(ScenarioVocabulary.actions.joined(separator: ", ")); this one has \(found)")
        }
        for key in members.keys.sorted() {
            guard let allowed = ScenarioVocabulary.modifiers[key], !allowed.contains(action) else { continue }
            throw StepError(message: "`\(key)` goes with \(allowed.sorted().joined(separator: " or ")), not with \(action)")
        }
        return action
    }

    /// An `expect` or `absent` pattern that names an event must name one the daemon sends, and only
    /// keys that event has: a misspelt key would make an `absent` pass whatever arrives.
    private static func checkEvent(_ pattern: JSONValue) throws(StepError) {
        guard let event = pattern[.event]?.stringValue, !event.hasPrefix("$") else { return }
        guard let keys = ScenarioVocabulary.eventKeys[event] else {
            let hint = NearestName.suggestion(for: event, among: ScenarioVocabulary.events).map { "did you mean \"\($0)\"? " } ?? ""
            throw StepError(message: "unknown event \"\(event)\"; \(hint)events are \(ScenarioVocabulary.events.joined(separator: ", "))")
        }
        guard case .object(let members) = pattern else { return }
        for key in members.keys.sorted() where key != "event" && !keys.contains(key) {
            throw StepError(message: unknownKey(key, among: keys, of: "a \(event) event"))
        }
    }

    private static func milliseconds(_ raw: JSONValue, _ key: String) throws(StepError) -> Int? {
        guard let value = raw[key] else { return nil }
        guard case .number(let n) = value, n >= 0, n <= 600_000, Double(Int(n)) == n else {
            throw StepError(message: "`\(key)` must be a whole number of milliseconds (at most 600000)")
        }
        return Int(n)
    }
}
