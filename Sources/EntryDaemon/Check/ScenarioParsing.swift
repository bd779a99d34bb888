import EntryRouter

extension Scenario {
    /// Milliseconds an `expect` waits when the step gives no `timeout`.
    public static let defaultTimeoutMilliseconds = 2000

    /// Reads a scenario from the bytes of `file`.
    public static func parse(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes[...])
        } catch {
            throw ScenarioError(file: file, step: nil, message: "not valid JSON: \(error)")
        }
        guard case .object = root else { throw ScenarioError(file: file, step: nil, message: "expected a JSON object") }
        guard case .array(let rawSteps)? = root["steps"] else {
            throw ScenarioError(file: file, step: nil, message: "`steps` must be an array")
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
        guard case .object = raw else { throw StepError(message: "a step must be an object") }
        let connection = raw["as"]?.stringValue ?? "server"
        if let send = raw["send"] {
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
            return .send(as: connection, lines: lines, replies: replies)
        }
        if let pattern = raw["expect"] {
            return .expect(as: connection, pattern: pattern,
                           timeoutMilliseconds: try milliseconds(raw, "timeout") ?? defaultTimeoutMilliseconds)
        }
        if let pattern = raw["absent"] {
            guard let span = try milliseconds(raw, "for") else { throw StepError(message: "`absent` needs `for` (milliseconds)") }
            return .absent(as: connection, pattern: pattern, forMilliseconds: span)
        }
        if let name = raw["disconnect"] {
            guard let name = name.stringValue else { throw StepError(message: "`disconnect` must name a connection") }
            return .disconnect(as: name)
        }
        if raw["restart"] == .bool(true) { return .restart }
        if let span = try milliseconds(raw, "wait") { return .wait(milliseconds: span) }
        if let note = raw["note"]?.stringValue { return .note(note) }
        throw StepError(message: "a step needs one of send, expect, absent, disconnect, restart, wait, note")
    }

    private static func milliseconds(_ raw: JSONValue, _ key: String) throws(StepError) -> Int? {
        guard let value = raw[key] else { return nil }
        guard case .number(let n) = value, n >= 0, n <= 600_000, Double(Int(n)) == n else {
            throw StepError(message: "`\(key)` must be a whole number of milliseconds (at most 600000)")
        }
        return Int(n)
    }
}
