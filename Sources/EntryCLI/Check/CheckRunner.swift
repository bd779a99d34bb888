import EntryRouter

/// Runs scenario files against a fresh daemon each and reports one line per step (`entryd check`).
package struct CheckRunner {
    /// What one scenario came to. A failed step ends its scenario; the steps after it are `skipped`.
    package struct Outcome: Sendable, Hashable {
        package var passed = 0
        package var failed = 0
        package var skipped = 0
        /// The failing step and why it failed, as the report printed it.
        package var failure: String?

        package init() {}
    }

    /// Milliseconds a `send` waits for each reply.
    static let replyTimeoutMilliseconds = 5000

    let executable: String
    let configOverride: String?
    let output: (String) -> Void

    /// `executable` is the `entryd` binary to start; `configOverride` replaces every scenario's config.
    package init(executable: String, configOverride: String? = nil, output: @escaping (String) -> Void) {
        self.executable = executable
        self.configOverride = configOverride
        self.output = output
    }

    package func run(_ scenario: Scenario) -> Outcome {
        output("\(scenario.file): \(scenario.name)")
        var outcome = Outcome()
        let daemon: TemporaryDaemon
        do {
            daemon = try TemporaryDaemon(executable: executable, configPath: configPath(for: scenario))
            try daemon.start()
        } catch {
            output("  FAIL  cannot start the daemon: \(error)")
            outcome.failure = "cannot start the daemon: \(error)"
            outcome.failed = 1
            outcome.skipped = scenario.steps.count
            return outcome
        }
        var session = Session(daemon: daemon)
        for (index, step) in scenario.steps.enumerated() {
            let label = String(index + 1).leftPadded(to: 3) + "  " + Self.describe(step)
            if case .note(let text) = step {
                output("       -- \(text)")
                continue
            }
            if let failure = session.perform(step) {
                output("  FAIL \(label)\n         \(failure)")
                let tail = daemon.log().split(separator: "\n").suffix(8)
                let log = tail.isEmpty ? "" : "daemon log (last lines):\n" + tail.map { "  " + $0 }.joined(separator: "\n")
                if !tail.isEmpty { output("         daemon log (last lines):\n" + tail.map { "           " + $0 }.joined(separator: "\n")) }
                outcome.failure = "step \(index + 1) failed: \(Self.describe(step)): \(failure)" + (log.isEmpty ? "" : "\n" + log)
                outcome.failed += 1
                outcome.skipped = scenario.steps[(index + 1)...].filter { if case .note = $0 { false } else { true } }.count
                break
            }
            output("  ok   \(label)")
            outcome.passed += 1
        }
        session.close()
        daemon.stop()
        daemon.removeFiles()
        return outcome
    }

    /// The config a scenario runs with: `--config`, else its own (relative to its file), else nil for the embedded one.
    package func configPath(for scenario: Scenario) -> String? {
        if let configOverride { return configOverride }
        guard let config = scenario.config else { return nil }
        if config.hasPrefix("/") { return config }
        let directory = scenario.file.contains("/") ? String(scenario.file[..<scenario.file.lastIndex(of: "/")!]) : "."
        return directory + "/" + config
    }

    /// A short, readable form of a step for the report line.
    static func describe(_ step: ScenarioStep) -> String {
        switch step {
        case .send(let name, let lines, _):
            let ops = lines.map { $0[RequestFields.Field.op.rawValue]?.stringValue ?? "?" }.joined(separator: " + ")
            return "\(name.padded(to: 7)) send \(ops)"
        case .expect(let name, let pattern, _, let confirm):
            return "\(name.padded(to: 7)) expect \(compact(pattern))" + (confirm == false ? ", not confirmed" : "")
        case .absent(let name, let pattern, let span): return "\(name.padded(to: 7)) no \(compact(pattern)) for \(span) ms"
        case .disconnect(let name): return "\(name.padded(to: 7)) disconnect"
        case .discard(let name, let scene): return "\(name.padded(to: 7)) discard scene \(scene)"
        case .restart: return "daemon  kill -9, then start again"
        case .wait(let span): return "wait \(span) ms"
        case .advance(let span): return "clock   advance \(span)"
        case .note(let text): return text
        }
    }

    static func compact(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        JSONWriter.append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
