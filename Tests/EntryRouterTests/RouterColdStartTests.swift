import Testing
@testable import EntryRouter

/// R1, R2, R16, R18: cold start, launch entries, restart, replay.
@Suite struct RouterColdStartTests {
    @Test func anEntryBeforeAnySceneWaitsAndIsPresentedOnceAfterHomeAppeared() {
        var h = Harness()
        let arrived = h.step(9, open("app://notice/a"))
        #expect(arrived.entryReplies.map(\.state) == [.pending])
        #expect(arrived.state(of: "e-1") == .pending)
        #expect(h.step(1, scene("main", .connect(launch: nil))).presents.isEmpty)
        #expect(h.step(1, scene("main", .appeared(screen: "records"))).presents.isEmpty)
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presentedEntries == ["e-1"])
        #expect(h.step(1, scene("main", .presented(modal: "m-1"))).state(of: "e-1") == .presented)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-1"))).state(of: "e-1") == .done)
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presents.isEmpty)
    }

    @Test func pendingEntriesAreHandedOverInPriorityOrderOneModalAtATime() {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://guide/b"))
        h.step(9, open("app://update/c"))
        var order = h.ready().presentedEntries
        for modal in 1...3 {
            h.step(1, scene("main", .presented(modal: "m-\(modal)")))
            order += h.step(1, scene("main", .dismissed(modal: "m-\(modal)"))).presentedEntries
        }
        #expect(order == ["e-2", "e-3", "e-1"])
    }

    @Test func aLaunchEntryIsPresentedOnlyAfterHomeAppeared() {
        var h = Harness()
        let connected = h.step(1, scene("main", .connect(launch: .url("app://card/7"))))
        #expect(connected.results(to: 1) == [.success(.connected(FakeRouting.setup))])
        #expect(connected.records.map(\.source) == [.launch])
        #expect(connected.records.map(\.scene) == ["main"])
        #expect(connected.presents.isEmpty)
        #expect(h.step(1, scene("main", .appeared(screen: "mypage"))).presents.isEmpty)
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presentedEntries == ["e-1"])
    }

    @Test(arguments: [LaunchEntry.url("app://card/7"),
                      .push(payload: PushPayload(.object(["type": .string("card"), "arg": .string("7")])), payloadBytes: 30)])
    func aReplayedLaunchEntryIsADuplicate(launch: LaunchEntry) {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: launch)))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(1, scene("main", .presented(modal: "m-1")))
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        _ = h.input(.disconnected(ConnectionID(1)))
        h.send(2, scene("restored", .connect(launch: launch)))
        h.send(2, scene("restored", .appeared(screen: "home")))
        let replay = h.endTurn()
        let ready = SceneReadiness(ready: true, home: "home", closedGates: ["signedIn"])
        #expect(replay.results(to: 2) == [.success(.connected(FakeRouting.setup)), .success(.appeared(ready))])
        #expect(replay.presents.isEmpty)
        #expect(replay.records.isEmpty)
    }

    @Test func launchFingerprintsIgnoreKeyOrderButNotValues() {
        let a = LaunchEntry.push(payload: PushPayload(.object(["type": .string("card"), "arg": .string("7")])), payloadBytes: 1)
        let b = LaunchEntry.push(payload: PushPayload(.object(["arg": .string("7"), "type": .string("card")])), payloadBytes: 1)
        let c = LaunchEntry.push(payload: PushPayload(.object(["arg": .string("8"), "type": .string("card")])), payloadBytes: 1)
        #expect(LaunchFingerprint.key(a) == LaunchFingerprint.key(b))
        #expect(LaunchFingerprint.key(a) != LaunchFingerprint.key(c))
        #expect(LaunchFingerprint.key(.url("app://card/7")) != LaunchFingerprint.key(a))
    }

    /// docs/PROTOCOL.md, across restarts: what launched the app does not decide whether its window may connect.
    @Test func aLaunchEntryThatCannotBeRoutedIsRefusedButTheSceneConnects() {
        var h = Harness()
        let effects = h.step(1, scene("main", .connect(launch: .url("app://nope"))))
        guard case .success(.connected(let setup))? = effects.results(to: 1).first, let error = setup.launchRefusal else {
            Issue.record("expected a connected scene with its launch refused, got \(effects.results(to: 1))")
            return
        }
        #expect(error.code == .noRoute && error.message.hasPrefix("launch: "))
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).results(to: 1)
            == [.success(.appeared(SceneReadiness(ready: true, home: "home", closedGates: ["signedIn"])))])
        #expect(h.status.scenes.map(\.ready) == [true])
    }

    @Test func aLaunchReplayAfterARestartIsStillADuplicate() {
        var h = Harness()
        h.step(1, scene("main", .connect(launch: .url("app://card/7"))))
        h.step(1, scene("main", .appeared(screen: "home")))
        h.step(1, scene("main", .presented(modal: "m-1")))
        var restarted = h.restarted()
        restarted.advance(seconds: 3600)
        restarted.send(1, scene("main", .connect(launch: .url("app://card/7"))))
        restarted.send(1, scene("main", .appeared(screen: "home")))
        #expect(restarted.endTurn().presents.isEmpty)
    }

    @Test func aPendingEntrySurvivesARestartAndIsPresentedOnce() {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://guide/b"))
        h.ready()
        h.step(1, scene("main", .presented(modal: "m-1")))
        var restarted = h.restarted()
        #expect(restarted.router.recover(at: restarted.now).records.map(\.id) == ["e-1"])
        let presents = restarted.ready().presentedEntries
        #expect(presents == ["e-1"])
        #expect(restarted.step(9, open("app://tutorial/c")).entryReplies.map(\.id) == ["e-3"])
    }

    @Test func restoredPresentingAndQueuedEntriesWaitUnassignedAgain() {
        var h = Harness()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://guide/b"))
        h.ready()
        #expect(h.stored["e-2"]?.state == .presenting)
        #expect(h.stored["e-1"]?.state == .queued)
        var restarted = h.restarted()
        let recovered = restarted.router.recover(at: restarted.now)
        #expect(Set(recovered.records.map(\.state)) == [.pending])
        #expect(Set(recovered.records.map(\.scene)) == [nil])
        #expect(restarted.status.pending.map(\.id) == ["e-1", "e-2"])
        #expect(restarted.ready().presentedEntries == ["e-2"])
    }

    @Test func restoredEntriesPastTheirExpiryEndExpiredAndTheTimerIsArmed() {
        var h = Harness()
        h.step(9, open("app://short/a"))
        h.step(9, open("app://invite/s1"))
        var restarted = h.restarted()
        restarted.advance(seconds: 60)
        let recovered = restarted.router.recover(at: restarted.now)
        #expect(recovered.state(of: "e-1") == .expired)
        #expect(recovered.contains(.armTimer(h.now.adding(seconds: 300).adding(milliseconds: 1))))
        #expect(restarted.ready(signedIn: true).presents.isEmpty == false)
    }

    @Test func recoveryRunsOnTheFirstInputWhenTheDaemonDidNotCallIt() {
        var h = Harness()
        h.step(9, open("app://short/a"))
        var restarted = h.restarted()
        restarted.advance(seconds: 60)
        let first = restarted.input(.turnEnded)
        #expect(first.state(of: "e-1") == .expired)
        #expect(restarted.router.recover(at: restarted.now).isEmpty)
    }
}
