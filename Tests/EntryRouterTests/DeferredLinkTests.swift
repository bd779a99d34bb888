import Testing
@testable import EntryRouter

/// docs/PROTOCOL.md "Deferred links": an `open` with `source: "deferred"` (the link an attribution SDK hands
/// over on the first launch) is routed like a deep link and waits on gates like any entry: shown
/// once, after the gate opens, also across a restart while the gate is closed.
@Suite("Deferred links")
struct DeferredLinkTests {
    @Test func aDeferredLinkWaitsForItsGateAndIsPresentedOnce() {
        var h = Harness()
        h.ready()
        let opened = h.step(9, open("app://invite/s1", source: .deferred))
        #expect(opened.entryReplies.map(\.state) == [.pending])
        #expect(opened.records.map(\.source) == [.deferred])
        #expect(opened.presents.isEmpty)
        let signedIn = h.step(1, scene("main", .gate("signedIn", open: true)))
        #expect(signedIn.presentedEntries == ["e-1"])
        h.step(1, scene("main", .presented(modal: "m-1")))
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).presents.isEmpty)
    }

    @Test func aDeferredLinkWaitingForAGateSurvivesARestartAndIsPresentedOnce() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://invite/s1", id: "install-1", source: .deferred))
        #expect(h.stored["install-1"]?.source == .deferred)
        var restarted = h.restarted()
        #expect(restarted.ready().presents.isEmpty)
        #expect(restarted.step(9, open("app://invite/s1", id: "install-1", source: .deferred)).entryReplies.map(\.state)
            == [.duplicate])
        #expect(restarted.step(1, scene("main", .gate("signedIn", open: true))).presentedEntries == ["install-1"])
        restarted.step(1, scene("main", .presented(modal: "m-1")))
        var again = restarted.restarted()
        #expect(again.ready(signedIn: true).presents.isEmpty)
    }

    @Test(arguments: ["app://record/7", "https://app.test/record/7"])
    func aDeferredLinkIsRoutedLikeADeepLink(_ url: String) {
        var h = Harness()
        h.ready()
        let opened = h.step(9, open(url, source: .deferred))
        #expect(opened.records.map(\.source) == [.deferred])
        #expect(opened.events(to: 1).contains { if case .show(_, _, "recordDetail", _, _, _, _, _, _) = $0 { true } else { false } })
    }
}
