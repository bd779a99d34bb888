/// A scene's named readiness gates (R17). Every gate starts closed; home having appeared is the
/// scene's `ready` flag, not one of these.
struct Gates: Sendable, Hashable {
    /// The config's gate names.
    let names: [String]
    /// The gates every deferred link waits for besides its route's own (`deferred.requires`): a
    /// link clicked before the app was installed is handed over on its first launch, while
    /// onboarding still covers the screen it would open.
    let deferred: [String]
    private(set) var open: Set<String> = []

    init(_ config: Config) {
        names = config.gates
        deferred = config.deferredRequires
    }

    /// Whether every gate a route requires is open.
    func allow(_ requires: [String]) -> Bool { requires.allSatisfy(open.contains) }

    /// Whether every gate `entry` waits for is open: its route's, and for a deferred link the
    /// config's deferred gates too.
    func allow(_ entry: Entry) -> Bool {
        allow(entry.requires) && (entry.source != .deferred || allow(deferred))
    }

    mutating func set(_ gate: String, open isOpen: Bool) {
        if isOpen { open.insert(gate) } else { open.remove(gate) }
    }

    /// A reset closes every gate (R17).
    mutating func closeAll() { open.removeAll() }

    var status: [String: Bool] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, open.contains($0)) })
    }
}
