import Testing
@testable import EntryRouter

/// A launch entry is never replaced by a later entry of its modal kind (R6 keeps what the user
/// tapped, docs/PROTOCOL.md): not while it waits for its scene's gate, not while it is queued on a
/// busy scene, and not once it waits for any scene after its scene went, where the inbox's in-place
/// replacement would otherwise take its slot. Each place has its own launch check; each case fails
/// without its own.
@Suite struct RouterLaunchKeptTests {
    @Test(arguments: ["waiting for its scene's gate", "queued on a busy scene", "pending for any scene"])
    func aLaunchIsNotReplacedByALaterEntryOfItsKind(place: String) {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://invite/tapped"))))
        if place == "waiting for its scene's gate" {
            h.step(1, scene("main", .appeared(screen: "home")))
        } else if place == "queued on a busy scene" {
            h.step(1, scene("main", .busy(true)))
            h.step(1, scene("main", .appeared(screen: "home")))
            h.step(1, scene("main", .gate("signedIn", open: true)))
            #expect(h.stored["e-1"]?.state == .queued)
        } else {
            _ = h.input(.disconnected(ConnectionID(1)))
            _ = h.endTurn()
        }
        let later = h.step(9, push("invite", "later"))
        #expect(later.state(of: "e-1") == nil, "the launch entry was not touched")
        if place == "queued on a busy scene" {
            #expect(h.stored["e-1"]?.state == .queued)
            let shown = h.step(1, scene("main", .busy(false)))
            #expect(shown.presents.first?.entry == "e-1", "what the user tapped comes first")
        } else {
            #expect(h.stored["e-1"]?.state == .pending)
            #expect(later.entryReplies.map(\.state) == [.pending])
            let shown = h.ready("main", on: 2, signedIn: true)
            #expect(shown.presents.first?.entry == "e-1", "what the user tapped comes first")
        }
    }
}
