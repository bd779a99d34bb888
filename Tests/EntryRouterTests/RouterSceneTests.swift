import Testing
@testable import EntryRouter

/// R14 subscribers, R15 disconnect, R17 gates, and who may speak for a scene.
@Suite struct RouterSceneTests {
    @Test func everyWatcherGetsItsOwnStream() {
        var h = Harness()
        h.step(5, .watch)
        h.step(6, .watch)
        h.ready()
        let arrived = h.step(9, open("app://notice/a"))
        for watcher: UInt64 in [5, 6] {
            #expect(arrived.events(to: watcher) == [
                .entry(id: "e-1", state: .queued, route: "notice", scene: "main"),
                .entry(id: "e-1", state: .presenting, route: "notice", scene: "main"),
            ])
        }
        let disconnected = h.input(.disconnected(ConnectionID(5)))
        #expect(disconnected.isEmpty)
        #expect(h.step(1, scene("main", .busy(true))).events(to: 6) == [.scene(scene: "main", what: .busy)])
    }

    @Test func watchersSeeSceneChanges() {
        var h = Harness()
        h.step(5, .watch)
        h.send(1, scene("main", .connect(launch: nil)))
        h.send(1, scene("main", .appeared(screen: "home")))
        h.send(1, scene("main", .gate("signedIn", open: true)))
        h.send(1, scene("main", .background))
        h.send(1, scene("main", .reset))
        _ = h.input(.disconnected(ConnectionID(1)))
        let whats = h.endTurn().events(to: 5).compactMap { event -> SceneChange? in
            switch event {
            case .scene(_, let what): what
            case .gate: .gate
            default: nil
            }
        }
        #expect(whats == [.connected, .ready, .gate, .background, .reset, .disconnected])
    }

    @Test func aDisconnectWithAnUnacknowledgedPresentHandsTheEntryBack() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        h.step(9, open("app://update/b"))
        let gone = h.input(.disconnected(ConnectionID(1)))
        #expect(gone.isEmpty)
        let turn = h.endTurn()
        #expect(turn.records.map(\.state) == [.pending, .pending])
        #expect(h.status.pending.map(\.id) == ["e-1", "e-2"])
        #expect(h.ready("main", on: 2).presentedEntries == ["e-2"])
    }

    /// R15 and docs/PROTOCOL.md, across restarts: the modal went with its window; its entry is consumed and ends `done`.
    @Test func aDisconnectWithAnAcknowledgedModalConsumesItAndEndsIt() {
        var h = Harness()
        h.ready()
        h.step(9, open("app://notice/a"))
        h.step(1, scene("main", .presented(modal: "m-1")))
        _ = h.input(.disconnected(ConnectionID(1)))
        #expect(h.endTurn().records.map(\.state) == [.done])
        #expect(h.status.counts[.presented] == 0)
        #expect(h.ready("main", on: 2).presents.isEmpty)
    }

    @Test func aGoneScenesEntriesGoToAnotherReadyScene() {
        var h = Harness()
        h.ready("left", on: 1)
        h.step(9, open("app://notice/a"))
        h.ready("right", on: 2)
        _ = h.input(.disconnected(ConnectionID(1)))
        #expect(h.endTurn().presents.map(\.scene) == ["right"])
    }

    @Test func aConnectForAConnectedNameTakesItOver() {
        var h = Harness()
        h.ready("main", on: 1)
        h.step(9, open("app://notice/a"))
        h.send(2, scene("main", .connect(launch: nil)))
        h.send(2, scene("main", .appeared(screen: "home")))
        let turn = h.endTurn()
        #expect(turn.presents.map(\.entry) == ["e-1"])
        #expect(turn.events(to: 1).isEmpty)
        #expect(h.step(1, scene("main", .dismissed(modal: "m-2"))).errorCodes == [.notAScene])
    }

    @Test(arguments: [(UInt64(2), "main", ErrorCode.notAScene), (1, "ghost", .unknownScene)])
    func sceneOpsNeedTheScenesOwnConnection(connection: UInt64, name: String, code: ErrorCode) {
        var h = Harness()
        h.ready("main", on: 1)
        #expect(h.step(connection, scene(name, .busy(true))).errorCodes == [code])
    }

    @Test func anEntryThatNeedsAGateWaitsForItOnTheScene() {
        var h = Harness()
        h.ready()
        let arrived = h.step(9, push("invite", "s1"))
        #expect(arrived.entryReplies.map(\.state) == [.pending])
        #expect(h.status.pending.first?.scene == "main")
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).presentedEntries == ["e-1"])
    }

    @Test func aSceneWithTheGateClosedDoesNotTakeTheEntry() {
        var h = Harness()
        h.ready("left", on: 1, signedIn: true)
        h.ready("right", on: 2)
        #expect(h.step(9, push("invite", "s1")).presents.map(\.scene) == ["left"])
    }

    @Test func closingAGateSendsItsQueuedEntriesBackToPendingAndOpeningItAgainHandsThemOver() {
        var h = Harness()
        h.ready(signedIn: true)
        h.step(9, open("app://notice/a"))
        h.step(9, push("invite", "s1"))
        let closed = h.step(1, scene("main", .gate("signedIn", open: false)))
        #expect(closed.records.map(\.state) == [.pending])
        h.step(1, scene("main", .dismissed(modal: "m-1")))
        #expect(h.status.scenes.first?.active == nil)
        #expect(h.step(1, scene("main", .gate("signedIn", open: true))).presentedEntries == ["e-2"])
    }

    @Test func anUnknownGateIsABadRequestNamingTheGate() {
        var h = Harness()
        h.ready()
        let error = h.step(1, scene("main", .gate("premium", open: true))).errors(to: 1).first
        #expect(error?.code == .badRequest && error?.message.contains("gate") == true)
    }

    @Test func aBackgroundSceneTakesNothingUntilHomeAppearsAgain() {
        var h = Harness()
        h.ready()
        h.send(9, open("app://notice/a"))
        h.send(1, scene("main", .background))
        let turn = h.endTurn()
        #expect(turn.presents.isEmpty)
        #expect(h.status.pending.map(\.scene) == ["main"])
        #expect(h.step(1, scene("main", .appeared(screen: "home"))).presentedEntries == ["e-1"])
    }
}
