/// Gate names where the config refers to them (docs/CONFIG.md): a route's `requires` and
/// `deferred.requires`. A misspelt gate would never open, so what waits for it would never be shown.
extension ConfigValidator {
    /// What is wrong with `gate`, when it is not one of the config's `gates`: naming it, and the
    /// nearest declared gate when one is close, else every declared one.
    func unknownGate(_ gate: String) -> String? {
        guard !config.gates.contains(gate) else { return nil }
        if let near = NearestName.suggestion(for: gate, among: config.gates) {
            return "unknown gate \"\(gate)\"; did you mean \"\(near)\"?"
        }
        return "unknown gate \"\(gate)\"; \"gates\": \(list(config.gates))"
    }

    /// Every gate `deferred.requires` names is declared, and named once.
    mutating func checkDeferred() {
        var seen: Set<String> = []
        for (index, gate) in config.deferredRequires.enumerated() {
            let field = "deferred.requires[\(index)]"
            if let problem = unknownGate(gate) {
                fail(nil, field, problem)
            } else if !seen.insert(gate).inserted {
                fail(nil, field, "\"\(gate)\" is listed twice")
            }
        }
    }
}
