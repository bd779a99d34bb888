import Testing
@testable import EntryRouter

/// docs/CONFIG.md "Deferred links wait for onboarding": `deferred.requires` names gates every
/// deferred link waits for besides its route's own; other sources wait only for their route's.
@Suite("Deferred links wait for onboarding")
struct DeferredGateTests {
    /// The test routing's config with a second gate, `onboarded`, that every deferred link waits for.
    static let config: Config = {
        var config = FakeRouting.config
        config.gates = ["signedIn", "onboarded"]
        config.deferredRequires = ["onboarded"]
        return config
    }()

    static func harness() -> Harness {
        var h = Harness(config: config)
        h.ready()
        return h
    }

    static func showsRecord(_ effects: [Effect]) -> Bool {
        effects.events(to: 1).contains { if case .show(_, _, "recordDetail", _, _, _, _, _, _) = $0 { true } else { false } }
    }

    /// A show route requires no gate: a deferred link to it waits for `onboarded` all the same, and
    /// the same link from another source does not.
    @Test(arguments: [(EntrySource.deferred, false), (.deeplink, true), (.widget, true), (.shortcut, true)])
    func aDeferredLinkWaitsForTheDeferredGates(_ source: EntrySource, _ shownAtOnce: Bool) {
        var h = Self.harness()
        let opened = h.step(9, open("app://record/7", source: source))
        #expect(Self.showsRecord(opened) == shownAtOnce)
        #expect(opened.entryReplies.map(\.state) == [shownAtOnce ? .done : .pending])
        let onboarded = h.step(1, scene("main", .gate("onboarded", open: true)))
        #expect(Self.showsRecord(onboarded) == !shownAtOnce)
    }

    /// A route's own gate and the deferred gate: the link is presented once both are open, in
    /// either order, and once only.
    @Test(arguments: [["signedIn", "onboarded"], ["onboarded", "signedIn"]])
    func aDeferredLinkWaitsForItsRoutesGatesToo(_ order: [String]) {
        var h = Self.harness()
        #expect(h.step(9, open("app://invite/s1", source: .deferred)).presents.isEmpty)
        #expect(h.step(1, scene("main", .gate(order[0], open: true))).presents.isEmpty)
        #expect(h.step(1, scene("main", .gate(order[1], open: true))).presentedEntries == ["e-1"])
        h.step(1, scene("main", .presented(modal: "m-1")))
        #expect(h.step(1, scene("main", .gate("onboarded", open: true))).presents.isEmpty)
    }

    /// Closing a deferred gate takes a deferred link that was only queued back to waiting, and leaves
    /// other entries queued.
    @Test func closingTheGateHoldsAQueuedDeferredLink() {
        var h = Self.harness()
        h.step(1, scene("main", .gate("signedIn", open: true)))
        h.step(1, scene("main", .gate("onboarded", open: true)))
        #expect(h.step(9, push("notice", "n")).presentedEntries == ["e-1"])
        h.step(9, open("app://invite/s1", source: .deferred))
        h.step(9, open("app://card/c1"))
        #expect(h.status.scenes.first?.queue == ["e-2", "e-3"])
        h.step(1, scene("main", .gate("onboarded", open: false)))
        #expect(h.status.scenes.first?.queue == ["e-3"])
        #expect(h.status.pending.map(\.id) == ["e-2"])
    }

    /// The deferred gates hold a stored deferred link after a restart too.
    @Test func aStoredDeferredLinkStillWaitsAfterARestart() {
        var h = Self.harness()
        h.step(9, open("app://record/7", id: "install-1", source: .deferred))
        var restarted = h.restarted()
        #expect(!Self.showsRecord(restarted.ready()))
        #expect(Self.showsRecord(restarted.step(1, scene("main", .gate("onboarded", open: true)))))
    }

    /// Without `deferred` a deferred link waits for its route's gates only.
    @Test func withoutDeferredGatesADeferredLinkIsShownAtOnce() {
        var h = Harness()
        h.ready()
        #expect(Self.showsRecord(h.step(9, open("app://record/7", source: .deferred))))
    }
}
