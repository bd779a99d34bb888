import EntryRouter

/// A cold-start scenario file for `entryd check`: a config and a timeline of steps.
///
/// The format is JSON (see docs/SCENARIOS.md). Connections are named by `as` and opened on first use;
/// a `restart` drops them all, as a killed daemon would.
package struct Scenario: Sendable {
    package var file: String
    package var name: String
    /// A config file, relative to the scenario file; nil means the embedded sample config.
    package var config: String?
    package var steps: [ScenarioStep]

    package init(file: String, name: String, config: String?, steps: [ScenarioStep]) {
        self.file = file
        self.name = name
        self.config = config
        self.steps = steps
    }
}

/// One step of a scenario's timeline.
package enum ScenarioStep: Sendable, Hashable {
    /// Write these request lines in one write on connection `as`; await one reply per line, each
    /// matching its pattern (nil: `{"ok": true}`).
    case send(as: String, lines: [JSONValue], replies: [JSONValue?])
    /// Await a message on `as` matching the pattern within the timeout. A step event it matches that
    /// carries a `step` (its scene connected with `confirms`) is then confirmed with `scene.handled`,
    /// as the app acting on it would, unless `confirm` is false; `confirm` true requires a `step`.
    case expect(as: String, pattern: JSONValue, timeoutMilliseconds: Int, confirm: Bool? = nil)
    /// No message matching the pattern may arrive on `as` for that long.
    case absent(as: String, pattern: JSONValue, forMilliseconds: Int)
    /// Close connection `as`, as a killed app would.
    case disconnect(as: String)
    /// Send `scene.discarded` for scene `scene` on connection `as` and await `ok`: the system discarded
    /// that scene's session (a force-quit), and what it was owed goes to the next ready scene.
    case discard(as: String, scene: String)
    /// `kill -9` the daemon and start it again on the same store.
    case restart
    case wait(milliseconds: Int)
    /// Move the daemon's manual clock on by `span` (`25h`, see `ClockAdvance`), the daemon's time
    /// and not the wall clock's: the runner starts its daemon with `--clock manual`.
    case advance(span: String)
    /// A line of commentary, printed as it is.
    case note(String)
}

/// A scenario file that cannot be read: the file, the step (1-based) and what is wrong.
package struct ScenarioError: Error, Sendable, CustomStringConvertible {
    package var file: String
    package var step: Int?
    package var message: String

    package init(file: String, step: Int?, message: String) {
        self.file = file
        self.step = step
        self.message = message
    }

    package var description: String {
        if let step { return "\(file): step \(step): \(message)" }
        return "\(file): \(message)"
    }
}
