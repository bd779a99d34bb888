import EntryRouter

/// The names a daemon's config gives (modal kinds, routes, flows, tabs, gates), which every
/// expectation is checked against when it is made: `expectNothing(.present(kind: "invitaton"))`
/// must fail at once, naming `invitation`, rather than pass because no event can ever match a typo.
struct Vocabulary: Sendable {
    private let names: [String: [String]]

    init(_ config: Config) {
        let flows = config.routes.flatMap { route in
            route.actions.values.flatMap { steps in steps.compactMap { if case .start(let flow) = $0 { flow } else { nil } } }
        }
        names = [
            "kind": config.modals.keys.sorted(),
            "route": config.routes.map(\.name),
            "flow": Array(Set(flows)).sorted(),
            "tab": config.tabs,
            "gate": config.gates,
        ]
    }

    /// Why `pattern` names something the config does not have, with the nearest name; nil when every
    /// name it uses is the config's (or is one no config declares, such as an entry or screen id).
    func problem(with pattern: EventPattern) -> String? {
        for (field, value) in pattern.names {
            guard let known = names[field], !known.contains(value) else { continue }
            let near = NearestName.suggestion(for: value, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            return "\(pattern) names \(field) \"\(value)\", which the daemon's config does not have\(near)"
                + " (its \(field)s: \(known.joined(separator: ", ")))"
        }
        return nil
    }
}
