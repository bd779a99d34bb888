/// The end-of-turn decisions (R3, R4, R5, R8, R10, R13b): expire what is due, send the unsent shows,
/// present the next modal where the slot is free.
extension Router {
    mutating func decide() {
        expireDue()
        for name in scenes.keys.sorted() {
            sendShows(of: name)
            presentNext(on: name)
        }
    }

    /// Waiting entries past their expiry end `expired`; an entry already presented is left alone.
    mutating func expireDue() {
        while let first = expiry.first, turn.now > first.expires {
            expiry.removeFirst()
            guard var entry = takeWaiting(first.entry) else { continue }
            move(&entry, to: .expired, scene: entry.scene)
        }
    }

    /// Shows and tab switches go out in arrival order and end `done`; they never take the modal slot,
    /// so neither a modal nor `busy` holds them back.
    private mutating func sendShows(of name: String) {
        guard scenes[name]?.isReady == true, let connection = scenes[name]?.connection,
              let shows = scenes[name]?.shows, !shows.isEmpty else { return }
        scenes[name]?.shows = []
        for var entry in shows {
            switch entry.target {
            case .show(let tab):
                selectTab(tab, on: name)
                let screen = newScreenID()
                scenes[name]?.stacks.push(Screen(id: screen, parent: nil), on: tab)
                turn.send(connection, .show(scene: name, screen: screen, route: entry.route, tab: tab,
                                                  entry: entry.id, params: entry.params))
            case .tab(let tab):
                selectTab(tab, on: name)
            case .modal:
                break
            }
            move(&entry, to: .done, scene: name)
        }
    }

    /// One modal at a time (R3), the first of the queue (R4), never on a busy scene (R8).
    private mutating func presentNext(on name: String) {
        guard scenes[name]?.canPresent == true, let connection = scenes[name]?.connection,
              var entry = scenes[name]?.queue.popFirst() else { return }
        let modal = newModalID()
        move(&entry, to: .presenting, scene: name)
        scenes[name]?.slot = ModalSlot(modal: modal, entry: entry, phase: .presenting)
        turn.send(connection, .present(scene: name, modal: modal, kind: entry.kind ?? "", route: entry.route,
                                             entry: entry.id, params: entry.params))
    }

    /// Sends `selectTab` only when the tab changes (R13c).
    mutating func selectTab(_ tab: String, on name: String) {
        guard let connection = scenes[name]?.connection, scenes[name]?.tab != tab else { return }
        scenes[name]?.tab = tab
        turn.send(connection, .selectTab(scene: name, tab: tab))
    }
}
