@testable import EntryRouter

/// A routing table small enough to read in a test: `app://ROUTE/ARG`, `https://app.test/ROUTE/ARG`,
/// or a push payload `{"type": ROUTE, "arg": ARG}`.
struct FakeRouting: EntryRouting {
    func route(url: String) -> Result<RouteMatch, WireError> {
        for prefix in ["app://", "https://app.test/"] where url.hasPrefix(prefix) {
            let parts = url.dropFirst(prefix.count).split(separator: "/", maxSplits: 1).map(String.init)
            if let match = Self.match(parts.first ?? "", parts.count > 1 ? parts[1] : "") { return .success(match) }
        }
        return .failure(WireError(.noRoute, "no route matches \(url)"))
    }

    func route(push payload: PushPayload, payloadBytes: Int) -> Result<RouteMatch, WireError> {
        guard let type = payload["type"]?.stringValue,
              let match = Self.match(type, payload["arg"]?.stringValue ?? "") else {
            return .failure(WireError(.noRoute, "no route matches the push payload"))
        }
        return .success(match)
    }

    static let accept: [RouteAction] = [.dismiss, .selectTab("home"), .start(flow: "run")]
    static let actions: [String: [RouteAction]] = ["accept": accept, "decline": [.dismiss], "peek": [.selectTab("mypage")]]

    static func match(_ name: String, _ arg: String) -> RouteMatch? {
        switch name {
        case "invite":
            return RouteMatch(route: "invitation", params: ["sessionId": arg],
                              target: .modal(kind: "invitation", priority: 2, identity: arg), ttl: 300,
                              requires: ["signedIn"], actions: actions)
        case "card":
            return RouteMatch(route: "card", params: ["id": arg], target: .modal(kind: "card", priority: 2, identity: arg),
                              actions: actions)
        case "guide", "tutorial", "update", "notice":
            let kinds = ["guide": ("permissionGuide", 0), "tutorial": ("tutorial", 1), "update": ("updateNotice", 3),
                         "notice": ("serviceNotice", 4)]
            let (kind, priority) = kinds[name] ?? ("", 0)
            return RouteMatch(route: name, params: ["arg": arg], target: .modal(kind: kind, priority: priority, identity: nil),
                              actions: ["close": [.dismiss]])
        case "record":
            return RouteMatch(route: "recordDetail", params: ["id": arg], target: .show(tab: "records"))
        case "records":
            return RouteMatch(route: "records", params: [:], target: .tab("records"))
        case "short":
            return RouteMatch(route: "notice", params: ["arg": arg],
                              target: .modal(kind: "serviceNotice", priority: 4, identity: nil), ttl: 10)
        default:
            return nil
        }
    }

    /// What `scene.connect` tells a scene of this config.
    static let setup = SceneSetup(home: config.home, tabs: config.tabs, gates: config.gates)

    static let config = Config(
        bundleId: "com.example.app", schemes: ["app"], universalLinks: [UniversalLinkHost(host: "app.test", paths: ["*"])],
        home: "home", gates: ["signedIn"], tabs: ["home", "records", "mypage"], pushLinkKey: "link",
        modals: ["permissionGuide": 0, "tutorial": 1, "invitation": 2, "card": 2, "updateNotice": 3, "serviceNotice": 4],
        routes: [
            Route(name: "invitation", presentation: .modal(kind: "invitation"), identity: "sessionId", ttl: 300,
                  requires: ["signedIn"], actions: actions),
            Route(name: "card", presentation: .modal(kind: "card"), identity: "id", actions: actions),
            Route(name: "guide", presentation: .modal(kind: "permissionGuide")),
            Route(name: "tutorial", presentation: .modal(kind: "tutorial")),
            Route(name: "update", presentation: .modal(kind: "updateNotice")),
            Route(name: "notice", presentation: .modal(kind: "serviceNotice")),
            Route(name: "recordDetail", presentation: .show(tab: "records")),
            Route(name: "records", presentation: .tab("records")),
        ])
}

/// Drives a router turn by turn on a hand-held clock.
struct Harness {
    var router: Router
    var now = Instant(seconds: 1_000_000)
    /// What a store would hold after committing every persisted record.
    var stored: [String: EntryRecord] = [:]
    var storedSeen: [SeenKey] = []
    var storedIssued = IssuedNumbers()
    private var nextReq = 1
    /// The routing and config the router was made with, kept for `restarted`.
    private let routing: any EntryRouting
    private let config: Config

    init(limits: RouterLimits = RouterLimits(), restoring entries: [EntryRecord] = [], seen: [SeenKey] = [],
         nextEntryNumber: UInt64 = 1, issued: IssuedNumbers = IssuedNumbers(), persisting: Bool = true,
         routing: any EntryRouting = FakeRouting(), config: Config = FakeRouting.config) {
        self.routing = routing
        self.config = config
        router = Router(config: config, routing: routing, limits: limits, restoring: entries,
                        seen: seen, nextEntryNumber: nextEntryNumber, issued: issued, persisting: persisting)
    }

    /// Hands in a request; its effects come with the end of the turn.
    mutating func send(_ connection: UInt64, _ op: Operation) {
        let effects = input(.request(ConnectionID(connection), Request(req: .number(Double(nextReq)), op: op)))
        precondition(effects.allSatisfy {
            switch $0 {
            case .persist, .armTimer, .dedupeKeysEvicted, .screensForgotten: return true
            case .send, .close: return false
            }
        }, "a request's effects come with the end of its turn; only the first input may carry the recovery")
        nextReq += 1
    }

    @discardableResult
    mutating func input(_ input: Input) -> [Effect] {
        let effects = router.handle(input, at: now)
        for effect in effects {
            if case .persist(.entry(let record)) = effect { stored[record.id] = record }
            if case .persist(.seen(let key)) = effect { storedSeen.append(key) }
            if case .persist(.issued(let numbers)) = effect { storedIssued = storedIssued.union(numbers) }
        }
        return effects
    }

    mutating func endTurn() -> [Effect] { input(.turnEnded) }

    /// The connection wrote everything sent to it, in a turn of its own: its scenes' shows in flight
    /// finish, and the next ones go out.
    @discardableResult
    mutating func drained(_ connection: UInt64) -> [Effect] {
        input(.drained(ConnectionID(connection)))
        return endTurn()
    }

    /// A router started again on what the store kept (R16): live entries, the dedupe window and the
    /// numbers issued so far.
    func restarted() -> Harness {
        let waiting = stored.values.filter(\.isLive).sorted { $0.id < $1.id }
        let next = stored.keys.compactMap { $0.hasPrefix("e-") ? UInt64($0.dropFirst(2)) : nil }.max().map { $0 + 1 } ?? 1
        var harness = Harness(restoring: waiting, seen: storedSeen, nextEntryNumber: next, issued: storedIssued,
                              routing: routing, config: config)
        harness.now = now
        harness.stored = stored
        harness.storedSeen = storedSeen
        harness.storedIssued = storedIssued
        return harness
    }

    /// One request in a turn of its own.
    @discardableResult
    mutating func step(_ connection: UInt64, _ op: Operation) -> [Effect] {
        send(connection, op)
        return endTurn()
    }

    mutating func advance(seconds: Int64) { now = now.adding(seconds: seconds) }

    /// Connects scene `name` on `connection` and makes its home appear, optionally signed in.
    @discardableResult
    mutating func ready(_ name: String = "main", on connection: UInt64 = 1, signedIn: Bool = false) -> [Effect] {
        send(connection, .scene(name: name, .connect(launch: nil)))
        send(connection, .scene(name: name, .appeared(screen: "home")))
        if signedIn { send(connection, .scene(name: name, .gate("signedIn", open: true))) }
        return endTurn()
    }

    var status: StatusReport { router.status(StatusPage()) }
}

func open(_ url: String, id: String? = nil, expiration: Int64? = nil, source: EntrySource? = nil) -> Operation {
    .open(OpenRequest(url: url, source: source, id: id, expiration: expiration))
}

func push(_ type: String, _ arg: String = "", id: String? = nil, collapseId: String? = nil,
          expiration: Int64? = nil) -> Operation {
    .push(PushRequest(payload: PushPayload(.object(["type": .string(type), "arg": .string(arg)])), payloadBytes: 40, id: id,
                      collapseId: collapseId, expiration: expiration))
}

func scene(_ name: String, _ op: SceneOp) -> Operation { .scene(name: name, op) }

extension Array where Element == Effect {
    func events(to connection: UInt64) -> [Event] {
        compactMap {
            if case .send(let to, .event(let event)) = $0, to == ConnectionID(connection) { return event }
            return nil
        }
    }

    func replies(to connection: UInt64) -> [Reply] {
        compactMap {
            if case .send(let to, .reply(let reply)) = $0, to == ConnectionID(connection) { return reply }
            return nil
        }
    }

    /// The bodies of the replies to `connection`, successes and failures alike.
    func results(to connection: UInt64) -> [Result<ReplyBody, WireError>] { replies(to: connection).map(\.body) }

    /// The errors replied to `connection`, in order.
    func errors(to connection: UInt64) -> [WireError] {
        results(to: connection).compactMap { if case .failure(let error) = $0 { error } else { nil } }
    }

    var entryReplies: [EntryReply] {
        compactMap {
            if case .send(_, .reply(let reply)) = $0, case .success(.entry(let entry)) = reply.body { return entry }
            return nil
        }
    }

    var errorCodes: [ErrorCode] {
        compactMap {
            if case .send(_, .reply(let reply)) = $0, case .failure(let error) = reply.body { return error.code }
            return nil
        }
    }

    var records: [EntryRecord] {
        compactMap { if case .persist(.entry(let record)) = $0 { return record } else { return nil } }
    }

    var seen: [SeenKey] {
        compactMap { if case .persist(.seen(let key)) = $0 { return key } else { return nil } }
    }

    /// The presents sent: (scene, modal, entry).
    var presents: [(scene: String, modal: String, entry: String)] {
        compactMap {
            if case .send(_, .event(.present(let scene, let modal, _, _, let entry, _))) = $0 { return (scene, modal, entry) }
            return nil
        }
    }

    var presentedEntries: [String] { presents.map(\.entry) }

    /// The last recorded state of an entry in these effects.
    func state(of id: String) -> EntryState? { records.last { $0.id == id }?.state }
}
