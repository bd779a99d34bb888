import SeededRandom
@testable import EntryRouter

/// Random inputs for the model test: arrivals, scene ops (mostly well-formed, sometimes stale or
/// from the wrong connection), disconnects, drained connections, resets, gate changes.
struct ModelGenerator {
    var random: SplitMix64
    var nextConnection: UInt64 = 100

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let urls = ["notice/a", "notice/b", "update/u", "guide/g", "tutorial/t", "card/1", "card/2", "invite/s1",
                       "invite/s2", "record/1", "records", "short/x"]
    static let sceneNames = ["left", "right"]

    /// One input, given the connections the model believes each scene has and its active modals.
    mutating func input(model: SceneModel, now: Instant) -> Input {
        let roll = random.below(100)
        if roll < 30 { return .request(ConnectionID(9), Request(op: arrival(now: now))) }
        if roll < 34 { return .request(ConnectionID(9), Request(op: .retract(retraction()))) }
        let name = random.pick(Self.sceneNames)
        guard let connection = model.connection[name], !random.chance(3) else {
            nextConnection += 1
            let launch: LaunchEntry? = random.chance(30) ? .url("app://" + random.pick(Self.urls)) : nil
            return .request(ConnectionID(nextConnection), Request(op: .scene(name: name, .connect(launch: launch))))
        }
        if roll < 38 { return .disconnected(ConnectionID(connection)) }
        // The scene's connection wrote what was sent to it: its shows in flight finish.
        if roll < 44 { return .drained(ConnectionID(connection)) }
        let from = random.chance(3) ? ConnectionID(9) : ConnectionID(connection)
        return .request(from, Request(op: .scene(name: name, sceneOp(modal: model.active[name]?.modal))))
    }

    private mutating func arrival(now: Instant) -> Operation {
        let url = "app://" + random.pick(Self.urls)
        let id: String? = random.chance(15) ? "id\(random.below(6))" : nil
        let expiration: Int64?
        switch random.below(10) {
        case 0: expiration = 0
        case 1: expiration = now.milliseconds / 1000 + Int64(random.below(30)) - 5
        default: expiration = nil
        }
        if random.chance(50) { return .open(OpenRequest(url: url, id: id, expiration: expiration)) }
        let parts = url.dropFirst("app://".count).split(separator: "/").map(String.init)
        var payload: [String: JSONValue] = ["type": .string(parts[0])]
        if parts.count > 1 { payload["arg"] = .string(parts[1]) }
        let collapseId: String? = random.chance(15) ? "c\(random.below(3))" : nil
        return .push(PushRequest(payload: PushPayload(.object(payload)), payloadBytes: 40, id: id, collapseId: collapseId,
                                 expiration: expiration))
    }

    private mutating func retraction() -> RetractTarget {
        switch random.below(3) {
        case 0: return .id("e-\(random.below(40) + 1)")
        case 1: return .kind(random.pick(["serviceNotice", "invitation", "card", "updateNotice"]))
        default: return .collapseId("c\(random.below(3))")
        }
    }

    private mutating func sceneOp(modal active: String?) -> SceneOp {
        let modal = active.map { random.chance(85) ? $0 : "m-\(random.below(9))" } ?? "m-\(random.below(9))"
        switch random.below(100) {
        case 0..<18: return .appeared(screen: random.pick(["home", "home", "records", "mypage", "detail"]))
        case 18..<36: return .presented(modal: modal)
        case 36..<56: return .dismissed(modal: modal)
        case 56..<66: return .action(modal: modal, action: random.pick(["accept", "decline", "peek", "close"]))
        case 66..<74: return .busy(random.chance(40))
        case 74..<80: return .background
        case 80..<90: return .gate("signedIn", open: random.chance(60))
        case 90..<94: return .reset
        case 94..<97: return .pushed(screen: "p\(random.below(3))", parent: "list")
        default: return .finish(screen: random.pick(["p0", "p1", "s-1", "s-2", "ghost"]))
        }
    }
}
