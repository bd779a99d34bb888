/// The ids of an entry's step events, for a scene that confirms its steps (`scene.handled`): made
/// from the entry's id and the step's place among the entry's steps, so that a step sent again after
/// a disconnect or a restart has the id it had (the tab switch, each back-stack screen, the entry's
/// own screen, each of an action's steps). Nil for a scene that does not confirm: its events carry
/// no step id.
struct StepIDs {
    private let entry: String
    private let confirmed: Bool

    init(entry: String, confirmed: Bool) {
        self.entry = entry
        self.confirmed = confirmed
    }

    var tab: String? { id("tab") }
    var show: String? { id("show") }
    func backStack(_ position: Int) -> String? { id("stack-\(position)") }
    func action(_ position: Int) -> String? { id("step-\(position)") }

    private func id(_ suffix: String) -> String? {
        confirmed ? entry + "/" + suffix : nil
    }
}
