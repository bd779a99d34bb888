import EntryRouter
import Testing

/// The engine as an app embeds it, through its public API alone (`import EntryRouter`, never
/// `@testable`): what docs/EMBEDDING.md shows. A change to that surface shows up here first, so
/// that making a declaration public or hiding it is a decision someone saw.
@Suite struct EmbeddingTests {
    static let configJSON = #"""
    {
      "bundleId": "com.example.materunner",
      "schemes": ["materunner"],
      "home": "home",
      "gates": ["signedIn"],
      "tabs": ["home", "records"],
      "modals": {"invitation": 0},
      "routes": [
        {"name": "invitation", "match": ["materunner://invite/:sessionId"], "modal": "invitation",
         "identity": "sessionId", "requires": ["signedIn"],
         "actions": {"accept": ["dismiss", "selectTab:home", "start:run"], "decline": ["dismiss"]}},
        {"name": "recordDetail", "match": ["materunner://records/<int:id>"], "show": "records"}
      ]
    }
    """#

    /// The app's window is connection 1; what arrives from outside comes in on connection 2.
    static let window = ConnectionID(1)
    static let outside = ConnectionID(2)

    /// Hands one request in and ends its turn, as the app does for each thing that happens.
    static func turn(_ router: inout Router, _ op: Operation, from connection: ConnectionID, at now: Instant) -> [Effect] {
        _ = router.handle(.request(connection, Request(op)), at: now)
        return router.handle(.turnEnded, at: now)
    }

    static func events(_ effects: [Effect]) -> [Event] {
        effects.compactMap { if case .send(window, .event(let event)) = $0 { event } else { nil } }
    }

    @Test func seed002ColdStartThroughThePublicAPI() throws {
        let config = try Config.load(json: Array(Self.configJSON.utf8), file: "materunner.json")
        var router = Router(config: config, routing: RoutingTable(config: config), persisting: false)
        var now = Instant(seconds: 1_700_000_000)

        // The invitation link arrives before any screen exists: it waits (R1).
        let arrived = Self.turn(&router, .open(OpenRequest(url: "materunner://invite/run-7")), from: Self.outside, at: now)
        #expect(arrived.contains { if case .send(Self.outside, .reply(let reply)) = $0, case .success(.entry(let entry)) = reply.body { entry.state == .pending } else { false } })

        now = now.adding(milliseconds: 200)
        _ = Self.turn(&router, .scene(name: "main", .connect(launch: nil)), from: Self.window, at: now)
        #expect(Self.events(Self.turn(&router, .scene(name: "main", .appeared(screen: "home")), from: Self.window, at: now)).isEmpty,
                "signed out: the invitation waits for its gate (R17)")
        let signedIn = Self.turn(&router, .scene(name: "main", .gate("signedIn", open: true)), from: Self.window, at: now)
        guard case .present(_, let modal, "invitation", _, _, let params)? = Self.events(signedIn).first else {
            Issue.record("no present: \(signedIn)")
            return
        }
        #expect(params["sessionId"] == "run-7")

        _ = Self.turn(&router, .scene(name: "main", .presented(modal: modal)), from: Self.window, at: now)
        let accepted = Self.turn(&router, .scene(name: "main", .action(modal: modal, action: "accept")), from: Self.window, at: now)
        #expect(Self.events(accepted) == [.dismiss(scene: "main", modal: modal)])
        let dismissed = Self.turn(&router, .scene(name: "main", .dismissed(modal: modal)), from: Self.window, at: now)
        #expect(Self.events(dismissed).contains { if case .start(_, "run", _, _, _) = $0 { true } else { false } })

        // The app reports that it handled what it was sent: the run is finished.
        _ = router.handle(.drained(Self.window), at: now)
        _ = router.handle(.turnEnded, at: now)
        let status = router.status(StatusPage())
        #expect(status.counts[.done] == 1)
        #expect(status.pending.isEmpty)
    }

    /// A turn's result as values: the records an app would keep, in order, before anything is sent.
    @Test func aPersistingRouterReturnsRecordsBeforeReplies() throws {
        let config = try Config.load(json: Array(Self.configJSON.utf8), file: "materunner.json")
        var router = Router(config: config, routing: RoutingTable(config: config))
        let effects = Self.turn(&router, .open(OpenRequest(url: "materunner://records/7")), from: Self.outside,
                                at: Instant(seconds: 1))
        let firstSend = effects.firstIndex { if case .send = $0 { true } else { false } }
        let lastPersist = effects.lastIndex { if case .persist = $0 { true } else { false } }
        #expect(lastPersist != nil && firstSend != nil && lastPersist! < firstSend!)
    }
}
