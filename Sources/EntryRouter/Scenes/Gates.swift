/// A scene's named readiness gates (R17). Every gate starts closed; home having appeared is the
/// scene's `ready` flag, not one of these.
struct Gates: Sendable, Hashable {
    /// The config's gate names.
    let names: [String]
    private(set) var open: Set<String> = []

    init(names: [String]) { self.names = names }

    /// Whether every gate a route requires is open.
    func allow(_ requires: [String]) -> Bool { requires.allSatisfy(open.contains) }

    mutating func set(_ gate: String, open isOpen: Bool) {
        if isOpen { open.insert(gate) } else { open.remove(gate) }
    }

    /// A reset closes every gate (R17).
    mutating func closeAll() { open.removeAll() }

    var status: [String: Bool] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, open.contains($0)) })
    }
}
