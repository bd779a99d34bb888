/// The end-of-turn decisions (R3, R4, R5, R8, R10, R13b): expire what is due, send the unsent shows,
/// present the next modal where the slot is free.
extension Router {
    mutating func decide() {
        expireDue()
        // Sorting the names allocates even when there are none, about 250 instructions a turn.
        guard !scenes.isEmpty else { return }
        for name in scenes.keys.sorted() {
            sendShows(of: name)
            presentNext(on: name)
        }
    }

    /// Waiting entries past their expiry end `expired`; an entry already presented is left alone.
    mutating func expireDue() {
        while let first = expiry.first, turn.now > first.expires {
            expiry.removeFirst()
            guard var entry = takeWaiting(seq: first.seq) else { continue }
            move(&entry, to: .expired)
        }
    }

    /// Shows and tab switches go out in arrival order and end `done`; they never take the modal slot,
    /// so neither a modal nor `busy` holds them back. The scene is reached through its index, not its
    /// name, because a hand-over sends thousands of shows in one turn.
    private mutating func sendShows(of name: String) {
        guard let index = scenes.index(forKey: name), scenes.values[index].isReady,
              !scenes.values[index].shows.isEmpty else { return }
        let connection = scenes.values[index].connection
        let shows = scenes.values[index].shows
        scenes.values[index].shows = []
        for var entry in shows {
            switch entry.shape.target {
            case .show(let tab):
                selectTab(tab, at: index, name)
                let screen = newScreenID()
                scenes.values[index].stacks.push(Screen(id: screen, parent: nil), on: tab)
                turn.send(connection, .show(scene: name, screen: screen, route: entry.route, tab: tab,
                                            entry: entry.id, params: entry.params))
            case .tab(let tab):
                selectTab(tab, at: index, name)
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
        guard let index = scenes.index(forKey: name) else { return }
        selectTab(tab, at: index, name)
    }

    private mutating func selectTab(_ tab: String, at index: [String: Scene].Index, _ name: String) {
        guard scenes.values[index].tab != tab else { return }
        scenes.values[index].tab = tab
        turn.send(scenes.values[index].connection, .selectTab(scene: name, tab: tab))
    }
}
