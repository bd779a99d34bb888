import EntryRouter

extension Scenario {
    /// Refuses an `expect` or `absent` pattern that names a route, modal kind, tab or gate the config
    /// does not have: such a pattern never matches, so an `absent` of it passes whatever the daemon
    /// sends (a false green). Bindings (`"$name"`) are left to the run.
    package func checkNames(in config: Config) throws(ScenarioError) {
        let names: [(key: String, what: String, known: [String])] = [
            ("route", "route", config.routes.map(\.name)),
            ("kind", "modal kind", config.modals.keys.sorted()),
            ("tab", "tab", config.tabs),
            ("gate", "gate", config.gates),
        ]
        for (index, step) in steps.enumerated() {
            let pattern: JSONValue
            switch step {
            case .expect(_, let expected, _, _): pattern = expected
            case .absent(_, let unexpected, _): pattern = unexpected
            default: continue
            }
            for name in names {
                guard let value = pattern[name.key]?.stringValue, !value.hasPrefix("$"), !name.known.contains(value) else { continue }
                let hint = NearestName.suggestion(for: value, among: name.known).map { "; did you mean \"\($0)\"?" }
                    ?? "; its \(name.what)s are " + name.known.joined(separator: ", ")
                throw ScenarioError(file: file, step: index + 1, message:
                    "\"\(name.key)\": \"\(value)\" is not a \(name.what) of the config \(config.file ?? "")" + hint)
            }
        }
    }
}
