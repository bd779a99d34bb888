import EntryRouter

/// A request to the daemon, as a value, and its line (`line(req:)`, below): the one encoder of
/// requests in the package, which the command line uses too. A new op is a case here and its
/// members in `json(req:)`.
public enum EntryRequest: Sendable, Hashable {
    /// The first line on a TCP connection (docs/PROTOCOL.md), with the daemon's token.
    case hello(token: String?)
    case push(APNsPayload, id: String? = nil, collapseId: String? = nil, expiration: Int64? = nil)
    /// An Android push: an FCM HTTP v1 message, or the whole `{"message": {...}}`.
    case fcm(JSONValue, id: String? = nil, collapseId: String? = nil, expiration: Int64? = nil)
    /// `platform` nil is iOS, the daemon's default.
    case open(url: String, source: OpenSource? = nil, id: String? = nil, expiration: Int64? = nil, platform: LinkPlatform? = nil)
    case retract(RetractTarget)
    /// A page of status: at most `limit` entries per list, continuing after the cursor `after`.
    case status(limit: Int? = nil, after: String? = nil)
    case watch
    /// Moves a manual clock on (`serve --clock manual`).
    case advance(by: ClockSpan)
    case scene(String, SceneRequest)
}

/// What a scene tells the daemon (the `scene.*` ops).
public enum SceneRequest: Sendable, Hashable {
    /// `confirms`: the scene confirms each step event with `handled` once the app acted on it, and
    /// the daemon finishes a step only then (docs/PROTOCOL.md, steps the app confirms).
    case connect(launch: Launch?, confirms: Bool = false)
    case appeared(screen: String)
    case presented(modal: String)
    case dismissed(modal: String)
    case action(modal: String, action: String)
    case busy(Bool)
    /// A screen the app pushed; `parent` nil for one without a parent coordinator.
    case pushed(screen: String, parent: String?)
    case finish(screen: String)
    case background
    case gate(String, open: Bool)
    case reset
    /// The app acted on the step event that carried this id.
    case handled(step: String)
    /// The system discarded this scene's session: what it was owed goes to the next ready scene.
    case discarded
}

/// A request value to its JSON line.
extension EntryRequest {
    /// The request's line with its newline; `req` numbers it for the reply.
    package func line(req: Int?) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.append(json(req: req), to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    package func json(req: Int?) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if let req { members["req"] = .number(Double(req)) }
        func set(_ key: String, _ value: String?) {
            if let value { members[key] = .string(value) }
        }
        func set(_ key: String, _ value: Int64?) {
            if let value { members[key] = .number(Double(value)) }
        }
        switch self {
        case .hello(let token):
            members["op"] = .string("hello")
            set("token", token)
        case .push(let payload, let id, let collapseId, let expiration):
            members["op"] = .string("push")
            members["payload"] = payload.json
            set("id", id)
            set("collapseId", collapseId)
            set("expiration", expiration)
        case .fcm(let message, let id, let collapseId, let expiration):
            members["op"] = .string("push")
            members["fcm"] = message
            set("id", id)
            set("collapseId", collapseId)
            set("expiration", expiration)
        case .open(let url, let source, let id, let expiration, let platform):
            members["op"] = .string("open")
            members["url"] = .string(url)
            set("source", source?.rawValue)
            set("platform", platform?.rawValue)
            set("id", id)
            set("expiration", expiration)
        case .retract(let target):
            members["op"] = .string("retract")
            switch target {
            case .id(let id): members["id"] = .string(id)
            case .kind(let kind): members["kind"] = .string(kind)
            case .collapseId(let collapseId): members["collapseId"] = .string(collapseId)
            }
        case .status(let limit, let after):
            members["op"] = .string("status")
            if let limit { members["limit"] = .number(Double(limit)) }
            set("after", after)
        case .watch:
            members["op"] = .string("watch")
        case .advance(let span):
            members["op"] = .string("advance")
            members["by"] = .string(span.description)
        case .scene(let scene, let request):
            members["scene"] = .string(scene)
            request.encode(into: &members)
        }
        return .object(members)
    }
}

extension SceneRequest {
    fileprivate func encode(into members: inout [String: JSONValue]) {
        func op(_ name: String) { members["op"] = .string("scene." + name) }
        switch self {
        case .connect(let launch, let confirms):
            op("connect")
            if let launch { members["launch"] = launch.json }
            if confirms { members["confirms"] = .bool(true) }
        case .appeared(let screen):
            op("appeared")
            members["screen"] = .string(screen)
        case .presented(let modal):
            op("presented")
            members["modal"] = .string(modal)
        case .dismissed(let modal):
            op("dismissed")
            members["modal"] = .string(modal)
        case .action(let modal, let action):
            op("action")
            members["modal"] = .string(modal)
            members["action"] = .string(action)
        case .busy(let busy):
            op("busy")
            members["busy"] = .bool(busy)
        case .pushed(let screen, let parent):
            op("pushed")
            members["screen"] = .string(screen)
            members["parent"] = parent.map { .string($0) } ?? .null
        case .finish(let screen):
            op("finish")
            members["screen"] = .string(screen)
        case .background:
            op("background")
        case .gate(let gate, let open):
            op("gate")
            members["gate"] = .string(gate)
            members["open"] = .bool(open)
        case .reset:
            op("reset")
        case .handled(let step):
            op("handled")
            members["step"] = .string(step)
        case .discarded:
            op("discarded")
        }
    }
}
